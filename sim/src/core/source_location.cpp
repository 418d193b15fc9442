#include "ascendc_sim/core/source_location.h"

#include <execinfo.h>
#include <link.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <map>
#include <mutex>
#include <sstream>

#include "ascendc_sim/core/fork_guard.h"

namespace sim {
namespace {

// One loaded object (the executable or a shared library) and its load bias: an address
// minus the bias is what addr2line expects for that file (PIE or not).
struct ObjectOf {
    std::string path;
    uintptr_t bias = 0;
    bool found = false;
};

// The executable's own path ("/proc/self/exe" would name addr2line itself in the child).
const std::string& ExecutablePath() {
    static const std::string path = [] {
        char buffer[4096];
        ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
        return n > 0 ? std::string(buffer, static_cast<size_t>(n)) : std::string("/proc/self/exe");
    }();
    return path;
}

// System libraries (libc, libstdc++, the interpreter) may carry line info of their own;
// their frames are never the kernel's.
bool IsSystemObject(const std::string& path) {
    return path.rfind("/lib/", 0) == 0 || path.rfind("/lib64/", 0) == 0 || path.rfind("/usr/lib/", 0) == 0 ||
           path.rfind("/usr/lib64/", 0) == 0;
}

struct FindContext {
    uintptr_t pc;
    ObjectOf* out;
};

int FindObject(dl_phdr_info* info, size_t, void* data) {
    auto* ctx = static_cast<FindContext*>(data);
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr)& ph = info->dlpi_phdr[i];
        if (ph.p_type != PT_LOAD) continue;
        uintptr_t start = info->dlpi_addr + ph.p_vaddr;
        if (ctx->pc >= start && ctx->pc < start + ph.p_memsz) {
            ctx->out->path = (info->dlpi_name != nullptr && info->dlpi_name[0] != '\0') ? info->dlpi_name
                                                                                         : ExecutablePath();
            ctx->out->bias = info->dlpi_addr;
            ctx->out->found = true;
            return 1;
        }
    }
    return 0;
}

ObjectOf LocateObject(const void* pc) {
    ObjectOf object;
    FindContext ctx{reinterpret_cast<uintptr_t>(pc), &object};
    dl_iterate_phdr(FindObject, &ctx);
    return object;
}

// The object this file is linked into: its frames are the sim's machinery, never the kernel's.
const ObjectOf& SimLibrary() {
    static const ObjectOf self = LocateObject(reinterpret_cast<const void*>(&CaptureCallStack));
    return self;
}

// Inline frames of one address, innermost first, as addr2line -i reports them.
using Frames = std::vector<SourceFrame>;

std::string ShellQuote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// "lstm_cell_grad::LstmCellGradKernel<Tiling, float, true>::LoadRows(LocalTensor<float> const&, ...)"
// -> "lstm_cell_grad::LstmCellGradKernel::LoadRows" (and "void F<true>(char*)" -> "F"): return types,
// template arguments and parameters say
// little to a reader who has the line, and make one report line three lines long.
std::string ShortFunctionName(const std::string& name) {
    std::string out;
    int angle = 0, paren = 0;
    for (char c : name) {
        if (c == '<') { ++angle; continue; }
        if (c == '>' && angle > 0) { --angle; continue; }
        if (c == '(' && angle == 0) { ++paren; continue; }
        if (c == ')' && paren > 0) { --paren; continue; }
        if (angle == 0 && paren == 0) out += c;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    // A function template's demangled name starts with its return type: "void GatherSlots".
    const auto space = out.rfind(' ');
    if (space != std::string::npos && out.find("operator") == std::string::npos) out.erase(0, space + 1);
    return out;
}

std::string RelativeToWorkingDirectory(const std::string& file) {
    static const std::string cwd = [] {
        char buffer[4096];
        return getcwd(buffer, sizeof buffer) != nullptr ? std::string(buffer) + "/" : std::string();
    }();
    if (!cwd.empty() && file.compare(0, cwd.size(), cwd) == 0) return file.substr(cwd.size());
    return file;
}

// Runs addr2line once for all `offsets` of one object and fills `cache`.
void Symbolize(const std::string& path, const std::vector<uintptr_t>& offsets,
               std::map<std::pair<std::string, uintptr_t>, Frames>* cache) {
    std::ostringstream command;
    command << "addr2line -a -i -f -C -e " << ShellQuote(path);
    for (uintptr_t off : offsets) command << " 0x" << std::hex << off;
    command << " 2>/dev/null";
    FILE* pipe = popen(command.str().c_str(), "r");
    for (uintptr_t off : offsets) (*cache)[{path, off}] = {};
    if (pipe == nullptr) return;
    char line[8192];
    Frames* current = nullptr;
    std::string function;
    bool expectFunction = true;
    while (std::fgets(line, sizeof line, pipe) != nullptr) {
        std::string text(line);
        while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
        if (text.rfind("0x", 0) == 0 && expectFunction) {
            current = &(*cache)[{path, static_cast<uintptr_t>(std::stoull(text, nullptr, 16))}];
            continue;
        }
        if (current == nullptr) continue;
        if (expectFunction) {
            function = text;
            expectFunction = false;
            continue;
        }
        expectFunction = true;
        auto discriminator = text.find(" (discriminator");
        if (discriminator != std::string::npos) text.resize(discriminator);
        auto colon = text.rfind(':');
        if (colon == std::string::npos || text.compare(0, 2, "??") == 0) continue;
        SourceFrame frame;
        frame.file = text.substr(0, colon);
        frame.line = static_cast<uint32_t>(std::strtoul(text.c_str() + colon + 1, nullptr, 10));
        frame.function = function == "??" ? std::string() : ShortFunctionName(function);
        if (frame.line != 0) current->push_back(frame);
    }
    pclose(pipe);
}

// The sim's own headers (source tree or installed under include/ascendc_sim) and the
// compiler's: frames there are the API's implementation, not the kernel's call.
bool IsSimOrSystemFile(const std::string& file) {
    static const char* const kMarkers[] = {"/ascendc_sim/", "/sim/include/", "/usr/include/", "/usr/lib/gcc/",
                                           "/pybind11/"};
    for (const char* marker : kMarkers) {
        if (file.find(marker) != std::string::npos) return true;
    }
    return false;
}

struct Symbolized {
    Frames frames;           // kernel frames
    bool missingLineInfo;    // a frame outside the sim had no line info
};

// Namespace scope, made at load (see platform_ascendc.cpp's g_namedPlatformsMutex).
ForkSafeMutex g_resolveMutex{LockRank::SourceResolve};

Symbolized Resolve(const CallStack& stack, int maxFrames) {
    static std::map<std::pair<std::string, uintptr_t>, Frames> cache;
    const ObjectOf& sim = SimLibrary();

    std::vector<std::pair<std::string, uintptr_t>> keys;
    std::map<std::string, std::vector<uintptr_t>> missing;
    std::lock_guard<std::mutex> lock(g_resolveMutex);
    for (int i = 0; i < stack.depth; ++i) {
        ObjectOf object = LocateObject(stack.pcs[i]);
        if (!object.found || object.path == sim.path || IsSystemObject(object.path)) {
            keys.emplace_back();
            continue;
        }
        // A return address points after the call: look up the call instruction itself.
        uintptr_t offset = reinterpret_cast<uintptr_t>(stack.pcs[i]) - 1 - object.bias;
        keys.emplace_back(object.path, offset);
        if (cache.count(keys.back()) == 0) missing[object.path].push_back(offset);
    }
    for (auto& [path, offsets] : missing) Symbolize(path, offsets, &cache);

    Symbolized result{{}, false};
    bool inKernel = false;
    for (auto& key : keys) {
        if (key.first.empty()) {
            if (inKernel) break;  // back in the sim's launch machinery: the kernel entry was the last frame
            continue;
        }
        const Frames& frames = cache[key];
        bool anyKernel = false;
        for (const SourceFrame& frame : frames) {
            if (IsSimOrSystemFile(frame.file)) continue;
            anyKernel = true;
            if (static_cast<int>(result.frames.size()) < maxFrames) {
                SourceFrame shown = frame;
                shown.file = RelativeToWorkingDirectory(frame.file);
                result.frames.push_back(shown);
            }
        }
        if (frames.empty() && !inKernel) result.missingLineInfo = true;
        inKernel = inKernel || anyKernel;
    }
    return result;
}

}  // namespace

std::string SourceFrame::Text() const {
    std::string text = file + ":" + std::to_string(line);
    if (!function.empty()) text += " in " + function;
    return text;
}

CallStack CaptureCallStack() {
    CallStack stack;
    void* buffer[CallStack::kMaxDepth];
    int depth = backtrace(buffer, CallStack::kMaxDepth);
    for (int i = 0; i < depth; ++i) stack.pcs[i] = buffer[i];
    stack.depth = static_cast<uint8_t>(depth < 0 ? 0 : depth);
    return stack;
}

CallStack CallSiteStack(const void* returnAddress) {
    CallStack stack;
    stack.pcs[0] = returnAddress;
    stack.depth = returnAddress != nullptr ? 1 : 0;
    return stack;
}

namespace {

// Line `line` (1-based) of a source file, cached: reports name members from their lines.
ForkSafeMutex g_sourceLinesMutex{LockRank::SourceLines};

std::string SourceLine(const std::string& file, uint32_t line) {
    static std::map<std::string, std::vector<std::string>> files;
    std::lock_guard<std::mutex> lock(g_sourceLinesMutex);
    auto it = files.find(file);
    if (it == files.end()) {
        std::vector<std::string> lines;
        std::ifstream in(file);
        for (std::string text; std::getline(in, text);) lines.push_back(text);
        it = files.emplace(file, std::move(lines)).first;
    }
    return line >= 1 && line <= it->second.size() ? it->second[line - 1] : std::string();
}

}  // namespace

std::string BufferMember(const CallStack& stack) {
    std::vector<SourceFrame> frames = KernelFrames(stack, 1);
    if (frames.empty()) return {};
    // The first argument of the InitBuffer call on that line: the queue or buffer member.
    static const std::regex kFirstArgument(R"(InitBuffer\s*\(\s*([A-Za-z_][A-Za-z0-9_.>\-]*))");
    std::smatch match;
    std::string text = SourceLine(frames[0].file, frames[0].line);
    return std::regex_search(text, match, kFirstArgument) ? match[1].str() : std::string();
}

std::string CalledOn(const CallStack& stack, const std::string& method) {
    std::vector<SourceFrame> frames = KernelFrames(stack, 1);
    if (frames.empty()) return {};
    const std::regex pattern("([A-Za-z_][A-Za-z0-9_]*)\\s*(?:\\.|->)\\s*(?:template\\s+)?" + method + "\\b");
    std::smatch match;
    std::string text = SourceLine(frames[0].file, frames[0].line);
    return std::regex_search(text, match, pattern) ? match[1].str() : std::string();
}

std::string BufferOrigin(const CallStack& stack) {
    std::vector<SourceFrame> frames = KernelFrames(stack, 1);
    if (frames.empty()) return {};
    const std::string where = frames[0].file + ":" + std::to_string(frames[0].line) + "]";
    // A LocalMemAllocator tile: named by the variable its Alloc initialises or assigns.
    static const std::regex kAllocatedTile(
        R"(([A-Za-z_][A-Za-z0-9_]*)\s*=\s*[A-Za-z_][A-Za-z0-9_]*\s*(?:\.|->)\s*(?:template\s+)?Alloc\s*[<(])");
    std::smatch match;
    const std::string text = SourceLine(frames[0].file, frames[0].line);
    if (text.find("InitBuffer") == std::string::npos && text.find("Alloc") != std::string::npos) {
        if (std::regex_search(text, match, kAllocatedTile)) return "[tile " + match[1].str() + ", Alloc at " + where;
        return "[Alloc at " + where;
    }
    std::string member = BufferMember(stack);
    return "[" + (member.empty() ? "" : "member " + member + ", ") + "InitBuffer at " + where;
}

std::vector<SourceFrame> KernelFrames(const CallStack& stack, int maxFrames) {
    return Resolve(stack, maxFrames).frames;
}

std::string DescribeCallStack(const CallStack& stack, int maxFrames) {
    Symbolized s = Resolve(stack, maxFrames);
    if (s.frames.empty()) {
        return s.missingLineInfo ? "\n    at (no line info: build the kernel with -g)" : std::string();
    }
    std::string text;
    for (size_t i = 0; i < s.frames.size(); ++i) {
        text += (i == 0 ? "\n    at " : "\n    called from ") + s.frames[i].Text();
    }
    return text;
}

std::string ShortCallSite(const CallStack& stack) {
    Symbolized s = Resolve(stack, 2);
    if (s.frames.empty()) return s.missingLineInfo ? "(no line info: build the kernel with -g)" : std::string();
    std::string text = s.frames[0].Text();
    if (s.frames.size() > 1) text += " (called from " + s.frames[1].file + ":" + std::to_string(s.frames[1].line) + ")";
    return text;
}

}  // namespace sim
