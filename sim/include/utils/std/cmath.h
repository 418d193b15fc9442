// CANN's header for AscendC::Std::ceil_div (and friends): CPU stand-in.
#pragma once
#include "ascendc_sim/kernel/utils.h"
