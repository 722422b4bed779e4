#include "plan/calibrate.h"
