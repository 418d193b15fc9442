"""The exception the op raises for what its aclnn API (or the ACL runtime) rejects."""
from __future__ import annotations


class AclnnError(ValueError):
    """An aclnn / ACL call failed.

    Attributes:
        status: the aclnn or ACL status code, e.g. 161001 (ACLNN_ERR_PARAM_NULLPTR),
            161002 (ACLNN_ERR_PARAM_INVALID), 507035 (a kernel fault reported by
            aclrtSynchronizeStream).
        api: the call that reported it, e.g. ``aclnnThnnFusedLstmCellBackwardGetWorkspaceSize``.
        message: the text of aclGetRecentErrMsg, naming the argument and what is wrong.
    """

    def __init__(self, status: int, message: str, api: str = "") -> None:
        super().__init__(f"{message} [status {status}]")
        self.status = status
        self.api = api
        self.message = message

    # BaseException pickles as cls(*self.args), and args holds the one formatted text: rebuild
    # from the three attributes instead, so the error crosses process boundaries
    # (multiprocessing, concurrent.futures) and copy.copy / deepcopy keep all of them.
    def __reduce__(self):
        return (type(self), (self.status, self.message, self.api), self.__dict__)
