"""``LSTM``: ``torch.nn.LSTM`` (multi-layer, optionally bidirectional) stepped with this package's
cell, so that every step's backward runs the op.

The same parameters under the same names as ``nn.LSTM`` (``weight_ih_l{k}``, ``weight_hh_l{k}``,
``bias_ih_l{k}``, ``bias_hh_l{k}``, with ``_reverse`` for the backward direction), so a state
dict moves either way and the module swaps in where an ``nn.LSTM`` was.
"""
from __future__ import annotations

from typing import List, Optional, Tuple

import torch
from torch import Tensor, nn
from torch.nn.utils.rnn import PackedSequence

from ._cell import lstm_cell


class LSTM(nn.LSTM):
    """``torch.nn.LSTM`` whose every cell step runs ``lstm_cell`` (backward: the op).

    Same constructor, parameters, state dict and call as ``nn.LSTM`` (``num_layers``,
    ``bias``, ``batch_first``, ``dropout``, ``bidirectional``). Not supported: ``proj_size``
    and ``PackedSequence`` inputs (errors say so). The time loop runs in Python, one cell per
    step, layer and direction, as ``nn.LSTM`` computes it.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.proj_size:
            raise ValueError("lstm_cell_grad.torch.LSTM: proj_size is not supported (the op has no projection)")

    def _layer_weights(self, layer: int, direction: int) -> Tuple[Tensor, Tensor, Optional[Tensor], Optional[Tensor]]:
        suffix = f"_l{layer}" + ("_reverse" if direction else "")
        w_ih, w_hh = getattr(self, "weight_ih" + suffix), getattr(self, "weight_hh" + suffix)
        if not self.bias:
            return w_ih, w_hh, None, None
        return w_ih, w_hh, getattr(self, "bias_ih" + suffix), getattr(self, "bias_hh" + suffix)

    def forward(self, input: Tensor, hx: Optional[Tuple[Tensor, Tensor]] = None
                ) -> Tuple[Tensor, Tuple[Tensor, Tensor]]:
        """``output, (h_n, c_n)`` as ``nn.LSTM`` returns them.

        Args:
            input: ``[seq, batch, input_size]`` (``[batch, seq, input_size]`` with
                ``batch_first``), or unbatched ``[seq, input_size]``.
            hx: ``(h_0, c_0)``, each ``[num_layers * directions, batch, hidden_size]``
                (``[num_layers * directions, hidden_size]`` unbatched); None for zeros.

        Returns:
            ``output`` ``[seq, batch, directions * hidden_size]`` (batch first or unbatched as
            the input), the last layer's h at every step; ``h_n``, ``c_n`` shaped as ``h_0``.
        """
        if isinstance(input, PackedSequence):
            raise TypeError("lstm_cell_grad.torch.LSTM: PackedSequence input is not supported; pass a padded tensor")
        if input.dim() not in (2, 3):
            raise ValueError(f"lstm_cell_grad.torch.LSTM: input must be 2-D (unbatched) or 3-D, got "
                             f"shape {tuple(input.shape)}")
        unbatched = input.dim() == 2
        if unbatched:
            input = input.unsqueeze(1)
        elif self.batch_first:
            input = input.transpose(0, 1)
        steps, batch = input.shape[0], input.shape[1]
        directions = 2 if self.bidirectional else 1
        state_shape = (self.num_layers * directions, batch, self.hidden_size)
        if hx is None:
            h_0 = c_0 = input.new_zeros(state_shape)
        else:
            h_0, c_0 = hx
            if unbatched:
                h_0, c_0 = h_0.unsqueeze(1), c_0.unsqueeze(1)
            for name, state in (("h_0", h_0), ("c_0", c_0)):
                if tuple(state.shape) != state_shape:
                    raise ValueError(f"lstm_cell_grad.torch.LSTM: {name} must have shape {state_shape}, got "
                                     f"{tuple(state.shape)}")

        layer_input = input
        h_n: List[Tensor] = []
        c_n: List[Tensor] = []
        for layer in range(self.num_layers):
            outputs = []
            for direction in range(directions):
                weights = self._layer_weights(layer, direction)
                h, c = h_0[layer * directions + direction], c_0[layer * directions + direction]
                per_step: List[Optional[Tensor]] = [None] * steps
                for t in (reversed(range(steps)) if direction else range(steps)):
                    h, c = lstm_cell(layer_input[t], (h, c), *weights)
                    per_step[t] = h
                outputs.append(torch.stack(per_step) if steps else layer_input.new_zeros((0, batch, self.hidden_size)))
                h_n.append(h)
                c_n.append(c)
            layer_input = torch.cat(outputs, dim=2) if directions == 2 else outputs[0]
            if self.dropout and self.training and layer + 1 < self.num_layers:
                layer_input = nn.functional.dropout(layer_input, self.dropout, training=True)

        output, h_n_t, c_n_t = layer_input, torch.stack(h_n), torch.stack(c_n)
        if unbatched:
            return output.squeeze(1), (h_n_t.squeeze(1), c_n_t.squeeze(1))
        if self.batch_first:
            output = output.transpose(0, 1)
        return output, (h_n_t, c_n_t)
