// A minimal case registry for the ACL test program: `acl_checks <case>` runs one case,
// `acl_checks --list` names them all. A case fails by recording at least one EXPECT failure;
// each failure prints file:line and both values so that pytest shows what went wrong.
#pragma once
#include <cstdint>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace acltest {

void RegisterCase(const std::string& name, std::function<void()> body);
void RecordFailure(const char* file, int line, const std::string& message);

struct Registrar {
    Registrar(const char* name, std::function<void()> body) { RegisterCase(name, std::move(body)); }
};

template <class T>
std::string ToText(const T& value) {
    std::ostringstream out;
    out << value;
    return out.str();
}
inline std::string ToText(const std::vector<int64_t>& dims) {
    std::string text = "[";
    for (size_t i = 0; i < dims.size(); ++i) text += (i ? ", " : "") + std::to_string(dims[i]);
    return text + "]";
}

template <class A, class B>
void ExpectEq(const A& actual, const B& expected, const char* actualText, const char* file, int line) {
    if (!(actual == expected)) {
        RecordFailure(file, line, std::string(actualText) + " == " + ToText(actual) + ", expected " + ToText(expected));
    }
}

// The text of aclGetRecentErrMsg (taken, so the next check starts clean); "" for nullptr.
std::string TakeRecentError();
// Expects that the pending recent error mentions `needle` (and takes it).
void ExpectRecentErrorContains(const std::string& needle, const char* file, int line);

}  // namespace acltest

#define ACL_CASE(name)                                                   \
    static void name();                                                  \
    static ::acltest::Registrar name##_registrar(#name, &name);          \
    static void name()

#define EXPECT_EQ(actual, expected) ::acltest::ExpectEq((actual), (expected), #actual, __FILE__, __LINE__)
#define EXPECT_TRUE(condition) \
    ((condition) ? (void)0 : ::acltest::RecordFailure(__FILE__, __LINE__, "expected true: " #condition))
#define EXPECT_ERROR_MENTIONS(needle) ::acltest::ExpectRecentErrorContains((needle), __FILE__, __LINE__)
