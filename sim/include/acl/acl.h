// The ACL entry header CANN programs include: process initialisation and error messages,
// plus the runtime (acl_rt.h). CANN's acl.h also pulls in acl_op.h and acl_mdl.h (single-op
// and model execution through the graph engine); the sim has neither, and programs that use
// the aclnn two-phase API need neither.
#ifndef ASCEND_SIM_ACL_ACL_H_
#define ASCEND_SIM_ACL_ACL_H_

#include "acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

// The ACL interface version the sim's headers follow (CANN 8.1's acl.h).
#define ACL_MAJOR_VERSION 1
#define ACL_MINOR_VERSION 13
#define ACL_PATCH_VERSION 0

// configPath may be null or "": no configuration. A path that cannot be opened gives
// ACL_ERROR_INVALID_FILE (100003); a second aclInit gives ACL_ERROR_REPEAT_INITIALIZE (100002).
// The file's content is not interpreted by the sim.
ACL_FUNC_VISIBILITY aclError aclInit(const char *configPath);
// A second aclFinalize gives ACL_ERROR_REPEAT_FINALIZE (100037); aclInit may follow again.
ACL_FUNC_VISIBILITY aclError aclFinalize();
ACL_FUNC_VISIBILITY aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion);

// Takes and clears the messages left by failed ACL/aclnn calls on the calling thread, newest
// first, one per line; nullptr when there are none (as in CANN). The text stays valid until the
// thread's next call.
ACL_FUNC_VISIBILITY const char *aclGetRecentErrMsg();

#ifdef __cplusplus
}
#endif

#endif  // ASCEND_SIM_ACL_ACL_H_
