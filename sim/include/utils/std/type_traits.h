// CANN's header for AscendC::Std's type traits: CPU stand-in (ascendc_sim/kernel/std_type_traits.h).
#pragma once
#include "ascendc_sim/kernel/std_type_traits.h"
