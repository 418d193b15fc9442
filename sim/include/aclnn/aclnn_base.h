// The header CANN's generated aclnn_<op>.h files include: the aclnn argument types
// (acl_meta.h) and aclnnInit/aclnnFinalize. As in CANN, the ACLNN_* status codes are not
// here but in aclnn/opdev/op_errno.h; CANN's own samples define the few they test for.
#ifndef ASCEND_SIM_ACLNN_ACLNN_BASE_H_
#define ASCEND_SIM_ACLNN_ACLNN_BASE_H_

#include <cstdint>
#include <cstdlib>

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

// CANN 9's replacement for aclInit in programs that only call aclnn APIs. Same rules as
// aclInit (a second call gives 100002), sharing its state.
ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char *configPath);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize();

#ifdef __cplusplus
}
#endif

#endif  // ASCEND_SIM_ACLNN_ACLNN_BASE_H_
