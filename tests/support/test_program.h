#pragma once
// One test program per test folder: each tst_*.cpp keeps its QTEST_MAIN line, and
// this header (precompiled after <QtTest>, tests/CMakeLists.txt) turns that line
// into a registration under the file's name. The program runs one registered
// test per process: `PROGRAM tst_name [Qt Test arguments]`, as its own
// executable did, so each stays its own ctest entry with its own application.

#include <QtTest>

// Not in namespace traindeck: test files name a helper traindeck().
namespace test_program {

using TestMain = int (*)(int argc, char* argv[]);

// Registers `main` under the stem of `file` ("…/tst_estimate.cpp": tst_estimate).
bool registerTest(const char* file, TestMain main);

}  // namespace test_program

// Qt Test's QTEST_MAIN, QTEST_GUILESS_MAIN and QTEST_APPLESS_MAIN all expand to
// QTEST_MAIN_WRAPPER: the same body, as a registered function instead of main().
#undef QTEST_MAIN_WRAPPER
#define QTEST_MAIN_WRAPPER(TestObject, ...)                                                     \
    static int traindeckTestMain_##TestObject(int argc, char* argv[]) {                         \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                      \
        __VA_ARGS__                                                                             \
        TestObject tc;                                                                          \
        QTEST_SET_MAIN_SOURCE_PATH                                                              \
        return QTest::qExec(&tc, argc, argv);                                                   \
    }                                                                                           \
    [[maybe_unused]] static const bool traindeckTestRegistered_##TestObject =                  \
        test_program::registerTest(__FILE__, &traindeckTestMain_##TestObject);
