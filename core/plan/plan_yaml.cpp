#include "plan/plan_yaml.h"
