#pragma once
// Predicates for the trainer's Qt Tests, for QVERIFY: each says what it saw (qWarning,
// printed beside Qt Test's FAIL line) when it does not hold.

#include <QtGlobal>

#include <cmath>
#include <string>

// |a − b| ≤ tolerance.
inline bool near(double a, double b, double tolerance) {
    const bool ok = std::fabs(a - b) <= tolerance;
    if (!ok) qWarning("%.9g and %.9g differ by more than %g", a, b, tolerance);
    return ok;
}

// `run` throws an E whose message contains `text`.
template <class E, class Run>
bool throwsWith(Run&& run, const std::string& text) {
    try {
        run();
    } catch (const E& e) {
        if (std::string(e.what()).find(text) != std::string::npos) return true;
        qWarning("message was: %s (expected it to contain '%s')", e.what(), text.c_str());
        return false;
    }
    qWarning("nothing thrown (expected a message containing '%s')", text.c_str());
    return false;
}
