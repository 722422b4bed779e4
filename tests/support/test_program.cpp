// main() of a folder's test program (test_program.h): runs the test named first.
#include "test_program.h"

#include <cstdio>
#include <cstring>
#include <map>
#include <string>

namespace test_program {
namespace {

std::map<std::string, TestMain>& registry() {
    static std::map<std::string, TestMain> tests;
    return tests;
}

}  // namespace

bool registerTest(const char* file, TestMain main) {
    std::string name = file;
    if (const auto slash = name.find_last_of('/'); slash != std::string::npos) name.erase(0, slash + 1);
    if (const auto dot = name.find('.'); dot != std::string::npos) name.erase(dot);
    registry()[name] = main;
    return true;
}

}  // namespace test_program

int main(int argc, char* argv[]) {
    const auto& tests = test_program::registry();
    const auto found = argc > 1 ? tests.find(argv[1]) : tests.end();
    if (found == tests.end()) {
        std::fprintf(stderr, "usage: %s TEST [Qt Test arguments]; TEST is one of:", argv[0]);
        for (const auto& [name, main] : tests) std::fprintf(stderr, " %s", name.c_str());
        std::fprintf(stderr, "\n");
        return 2;
    }
    // The test gets the arguments after its name, behind the program name, as when it was a program of its own.
    argv[1] = argv[0];
    return found->second(argc - 1, argv + 1);
}
