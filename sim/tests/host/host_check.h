// Minimal assertions for the host-API test programs: each failed CHECK prints where and
// what, and the program exits non-zero if any failed (pytest reads the output).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

namespace host_test {

inline int& Failures() {
    static int failures = 0;
    return failures;
}

inline void Fail(const char* file, int line, const std::string& what) {
    ++Failures();
    std::fprintf(stderr, "%s:%d: CHECK failed: %s\n", file, line, what.c_str());
}

template <typename A, typename B>
void CheckEqual(const A& actual, const B& expected, const char* actualText, const char* expectedText, const char* file,
                int line) {
    if (actual == expected) return;
    std::ostringstream what;
    what << actualText << " == " << expectedText << " (got " << actual << ", expected " << expected << ")";
    Fail(file, line, what.str());
}

// Prints the verdict and returns the process exit code.
inline int Finish(const char* program) {
    if (Failures() == 0) {
        std::printf("%s: all checks passed\n", program);
        return 0;
    }
    std::printf("%s: %d check(s) failed\n", program, Failures());
    return 1;
}

}  // namespace host_test

#define CHECK(cond) \
    ((cond) ? (void)0 : ::host_test::Fail(__FILE__, __LINE__, #cond))
#define CHECK_EQ(actual, expected) \
    ::host_test::CheckEqual((actual), (expected), #actual, #expected, __FILE__, __LINE__)
// True when `text` contains `part`.
#define CONTAINS(text, part) (std::string(text).find(part) != std::string::npos)
