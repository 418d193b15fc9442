#include "case_registry.h"

#include <map>

#include "acl/acl.h"

namespace acltest {
namespace {

std::map<std::string, std::function<void()>>& Cases() {
    static std::map<std::string, std::function<void()>> cases;
    return cases;
}
int g_failures = 0;

}  // namespace

void RegisterCase(const std::string& name, std::function<void()> body) { Cases()[name] = std::move(body); }

void RecordFailure(const char* file, int line, const std::string& message) {
    ++g_failures;
    std::cout << "FAIL " << file << ":" << line << ": " << message << std::endl;
}

std::string TakeRecentError() {
    const char* message = aclGetRecentErrMsg();
    return message == nullptr ? std::string() : std::string(message);
}

void ExpectRecentErrorContains(const std::string& needle, const char* file, int line) {
    std::string message = TakeRecentError();
    if (message.find(needle) == std::string::npos) {
        RecordFailure(file, line, "recent error message '" + message + "' does not mention '" + needle + "'");
    }
}

}  // namespace acltest

int main(int argc, char** argv) {
    auto& cases = acltest::Cases();
    if (argc == 2 && std::string(argv[1]) == "--list") {
        for (const auto& [name, body] : cases) std::cout << name << "\n";
        return 0;
    }
    if (argc < 2 || cases.count(argv[1]) == 0) {
        std::cerr << "usage: " << argv[0] << " --list | <case> [args...]\n";
        return 2;
    }
    acltest::Cases()[argv[1]]();
    if (acltest::g_failures == 0) std::cout << "PASS " << argv[1] << std::endl;
    return acltest::g_failures == 0 ? 0 : 1;
}
