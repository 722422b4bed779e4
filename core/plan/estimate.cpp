#include "plan/estimate.h"
