// kernel_type.h (CANN include/basic_api/kernel_type.h): the data type and format codes a kernel
// compares its build's ORIG_DTYPE_<TENSOR> / FORMAT_<TENSOR> macros against, as macros (the form
// CANN gives a kernel built outside the ascc/NPU host and device passes, as the CPU-debug build is).
// Included by a kernel that names it; the sim's kernel_operator.h does not, because host and
// kernel code share translation units on the sim and ge::DataType spells the same names.
#pragma once

#ifndef DT_FLOAT
#define DT_FLOAT 0
#endif
#ifndef DT_FLOAT16
#define DT_FLOAT16 1
#endif
#ifndef DT_INT8
#define DT_INT8 2
#endif
#ifndef DT_INT32
#define DT_INT32 3
#endif
#ifndef DT_UINT8
#define DT_UINT8 4
#endif
#ifndef DT_INT16
#define DT_INT16 6
#endif
#ifndef DT_UINT16
#define DT_UINT16 7
#endif
#ifndef DT_INT64
#define DT_INT64 9
#endif
#ifndef DT_UINT32
#define DT_UINT32 8
#endif
#ifndef DT_UINT64
#define DT_UINT64 10
#endif
#ifndef DT_DOUBLE
#define DT_DOUBLE 11
#endif
#ifndef DT_BOOL
#define DT_BOOL 12
#endif
#ifndef DT_STRING
#define DT_STRING 13
#endif
#ifndef DT_DUAL_SUB_INT8
#define DT_DUAL_SUB_INT8 14
#endif
#ifndef DT_DUAL_SUB_UINT8
#define DT_DUAL_SUB_UINT8 15
#endif
#ifndef DT_COMPLEX64
#define DT_COMPLEX64 16
#endif
#ifndef DT_COMPLEX128
#define DT_COMPLEX128 17
#endif
#ifndef DT_QINT8
#define DT_QINT8 18
#endif
#ifndef DT_QINT16
#define DT_QINT16 19
#endif
#ifndef DT_QINT32
#define DT_QINT32 20
#endif
#ifndef DT_QUINT8
#define DT_QUINT8 21
#endif
#ifndef DT_QUINT16
#define DT_QUINT16 22
#endif
#ifndef DT_RESOURCE
#define DT_RESOURCE 23
#endif
#ifndef DT_STRING_REF
#define DT_STRING_REF 24
#endif
#ifndef DT_DUAL
#define DT_DUAL 25
#endif
#ifndef DT_VARIANT
#define DT_VARIANT 26
#endif
#ifndef DT_BF16
#define DT_BF16 27
#endif
#ifndef DT_UNDEFINED
#define DT_UNDEFINED 28
#endif
#ifndef DT_INT4
#define DT_INT4 29
#endif
#ifndef DT_UINT1
#define DT_UINT1 30
#endif
#ifndef DT_INT2
#define DT_INT2 31
#endif
#ifndef DT_UINT2
#define DT_UINT2 32
#endif
#ifndef DT_COMPLEX32
#define DT_COMPLEX32 33
#endif
#ifndef DT_HIFLOAT8
#define DT_HIFLOAT8 34
#endif
#ifndef DT_FLOAT8_E5M2
#define DT_FLOAT8_E5M2 35
#endif
#ifndef DT_FLOAT8_E4M3FN
#define DT_FLOAT8_E4M3FN 36
#endif
#ifndef DT_FLOAT8_E8M0
#define DT_FLOAT8_E8M0 37
#endif
#ifndef DT_FLOAT6_E3M2
#define DT_FLOAT6_E3M2 38
#endif
#ifndef DT_FLOAT6_E2M3
#define DT_FLOAT6_E2M3 39
#endif
#ifndef DT_FLOAT4_E2M1
#define DT_FLOAT4_E2M1 40
#endif
#ifndef DT_FLOAT4_E1M2
#define DT_FLOAT4_E1M2 41
#endif
#ifndef DT_MAX
#define DT_MAX 42
#endif
#ifndef FORMAT_NCHW
#define FORMAT_NCHW 0
#endif
#ifndef FORMAT_NHWC
#define FORMAT_NHWC 1
#endif
#ifndef FORMAT_ND
#define FORMAT_ND 2
#endif
#ifndef FORMAT_NC1HWC0
#define FORMAT_NC1HWC0 3
#endif
#ifndef FORMAT_FRACTAL_Z
#define FORMAT_FRACTAL_Z 4
#endif
#ifndef FORMAT_NC1C0HWPAD
#define FORMAT_NC1C0HWPAD 5
#endif
#ifndef FORMAT_NHWC1C0
#define FORMAT_NHWC1C0 6
#endif
#ifndef FORMAT_FSR_NCHW
#define FORMAT_FSR_NCHW 7
#endif
#ifndef FORMAT_FRACTAL_DECONV
#define FORMAT_FRACTAL_DECONV 8
#endif
#ifndef FORMAT_C1HWNC0
#define FORMAT_C1HWNC0 9
#endif
#ifndef FORMAT_FRACTAL_DECONV_TRANSPOSE
#define FORMAT_FRACTAL_DECONV_TRANSPOSE 10
#endif
#ifndef FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS
#define FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS 11
#endif
#ifndef FORMAT_NC1HWC0_C04
#define FORMAT_NC1HWC0_C04 12
#endif
#ifndef FORMAT_FRACTAL_Z_C04
#define FORMAT_FRACTAL_Z_C04 13
#endif
#ifndef FORMAT_CHWN
#define FORMAT_CHWN 14
#endif
#ifndef FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS
#define FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS 15
#endif
#ifndef FORMAT_HWCN
#define FORMAT_HWCN 16
#endif
#ifndef FORMAT_NC1KHKWHWC0
#define FORMAT_NC1KHKWHWC0 17
#endif
#ifndef FORMAT_BN_WEIGHT
#define FORMAT_BN_WEIGHT 18
#endif
#ifndef FORMAT_FILTER_HWCK
#define FORMAT_FILTER_HWCK 19
#endif
#ifndef FORMAT_HASHTABLE_LOOKUP_LOOKUPS
#define FORMAT_HASHTABLE_LOOKUP_LOOKUPS 20
#endif
#ifndef FORMAT_HASHTABLE_LOOKUP_KEYS
#define FORMAT_HASHTABLE_LOOKUP_KEYS 21
#endif
#ifndef FORMAT_HASHTABLE_LOOKUP_VALUE
#define FORMAT_HASHTABLE_LOOKUP_VALUE 22
#endif
#ifndef FORMAT_HASHTABLE_LOOKUP_OUTPUT
#define FORMAT_HASHTABLE_LOOKUP_OUTPUT 23
#endif
#ifndef FORMAT_HASHTABLE_LOOKUP_HITS
#define FORMAT_HASHTABLE_LOOKUP_HITS 24
#endif
#ifndef FORMAT_C1HWNCoC0
#define FORMAT_C1HWNCoC0 25
#endif
#ifndef FORMAT_MD
#define FORMAT_MD 26
#endif
#ifndef FORMAT_NDHWC
#define FORMAT_NDHWC 27
#endif
#ifndef FORMAT_FRACTAL_ZZ
#define FORMAT_FRACTAL_ZZ 28
#endif
#ifndef FORMAT_FRACTAL_NZ
#define FORMAT_FRACTAL_NZ 29
#endif
#ifndef FORMAT_NCDHW
#define FORMAT_NCDHW 30
#endif
#ifndef FORMAT_DHWCN
#define FORMAT_DHWCN 31
#endif
#ifndef FORMAT_NDC1HWC0
#define FORMAT_NDC1HWC0 32
#endif
#ifndef FORMAT_FRACTAL_Z_3D
#define FORMAT_FRACTAL_Z_3D 33
#endif
#ifndef FORMAT_CN
#define FORMAT_CN 34
#endif
#ifndef FORMAT_NC
#define FORMAT_NC 35
#endif
#ifndef FORMAT_DHWNC
#define FORMAT_DHWNC 36
#endif
#ifndef FORMAT_FRACTAL_Z_3D_TRANSPOSE
#define FORMAT_FRACTAL_Z_3D_TRANSPOSE 37
#endif
#ifndef FORMAT_FRACTAL_ZN_LSTM
#define FORMAT_FRACTAL_ZN_LSTM 38
#endif
#ifndef FORMAT_FRACTAL_Z_G
#define FORMAT_FRACTAL_Z_G 39
#endif
#ifndef FORMAT_RESERVED
#define FORMAT_RESERVED 40
#endif
#ifndef FORMAT_ALL
#define FORMAT_ALL 41
#endif
#ifndef FORMAT_NULL
#define FORMAT_NULL 42
#endif
#ifndef FORMAT_ND_RNN_BIAS
#define FORMAT_ND_RNN_BIAS 43
#endif
#ifndef FORMAT_FRACTAL_ZN_RNN
#define FORMAT_FRACTAL_ZN_RNN 44
#endif
#ifndef FORMAT_NYUV
#define FORMAT_NYUV 45
#endif
#ifndef FORMAT_NYUV_A
#define FORMAT_NYUV_A 46
#endif
#ifndef FORMAT_NCL
#define FORMAT_NCL 47
#endif
#ifndef FORMAT_MAX
#define FORMAT_MAX 0
#endif
