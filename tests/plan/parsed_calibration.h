#pragma once
// A calibration point from its --calibrate spelling, for tests whose spellings are right.

#include "plan/calibrate.h"

#include <QtGlobal>

#include <string>

inline traindeck::Calibration parsed(const std::string& text) {
    traindeck::Calibration c;
    traindeck::Text error;
    if (!traindeck::parseCalibration(text, c, error))
        qFatal("%s: %s", text.c_str(), error.english().c_str());
    return c;
}
