// A CANN-internal kernel header for dav-2201 (asc-devkit
// impl/basic_api/dav_c220/kernel_operator_reg_others_impl.h: raw special-register reads such as
// get_rsvd_cnt, get_subblockid, hset_flag), which ops-nn's norm kernels include by this path.
// The sim gives the kernel API through it and models none of those registers: a kernel that
// calls one fails to compile on its name.
#pragma once
#include "kernel_operator.h"
