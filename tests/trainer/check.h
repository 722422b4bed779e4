#pragma once
// A minimal check macro for the trainer's plain C++ tests: print every failure with
// its line, exit non-zero at the end if any failed.

#include <cmath>
#include <cstdio>

inline int g_failures = 0;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            std::fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
            ++g_failures;                                                    \
        }                                                                    \
    } while (0)

#define CHECK_NEAR(a, b, tol)                                                \
    do {                                                                     \
        const double va_ = (a), vb_ = (b);                                   \
        if (!(std::fabs(va_ - vb_) <= (tol))) {                              \
            std::fprintf(stderr, "%s:%d: CHECK_NEAR failed: %s = %.9g, %s = %.9g (tol %g)\n", \
                         __FILE__, __LINE__, #a, va_, #b, vb_, double(tol));  \
            ++g_failures;                                                    \
        }                                                                    \
    } while (0)

// Checks that `expr` throws an exception of type E whose message contains `text`.
#define CHECK_THROWS(E, expr, text)                                          \
    do {                                                                     \
        bool thrown_ = false;                                                \
        try {                                                                \
            expr;                                                            \
        } catch (const E& e_) {                                              \
            thrown_ = std::string(e_.what()).find(text) != std::string::npos; \
            if (!thrown_) std::fprintf(stderr, "  message was: %s\n", e_.what()); \
        }                                                                    \
        if (!thrown_) {                                                      \
            std::fprintf(stderr, "%s:%d: expected %s containing '%s' from %s\n", __FILE__, __LINE__, \
                         #E, text, #expr);                                   \
            ++g_failures;                                                    \
        }                                                                    \
    } while (0)

inline int checkResult(const char* name) {
    if (g_failures) std::fprintf(stderr, "%s: %d check(s) failed\n", name, g_failures);
    else std::printf("%s: all checks passed\n", name);
    return g_failures ? 1 : 0;
}
