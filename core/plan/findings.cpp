#include "plan/findings.h"
