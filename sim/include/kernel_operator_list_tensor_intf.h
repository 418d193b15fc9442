// CANN's include/basic_api/kernel_operator_list_tensor_intf.h: ListTensorDesc and TensorDesc.
#pragma once
#include "kernel_operator.h"
#include "ascendc_sim/kernel/list_tensor.h"
