"""A stand-in for the one piece of TensorFlow some asc-devkit data scripts use: the bfloat16
numpy dtype (`tf.bfloat16.as_numpy_dtype`), which ml_dtypes provides. The runner puts this
directory on PYTHONPATH only when the real package is missing; anything else of TensorFlow is
absent here, so a script that needs more still fails for want of it."""
import ml_dtypes as _ml_dtypes


class _DType:
    def __init__(self, numpy_dtype):
        self.as_numpy_dtype = numpy_dtype


bfloat16 = _DType(_ml_dtypes.bfloat16)
