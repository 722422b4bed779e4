#include "plan/plan_fields.h"
