// The aclnn layer's view checks (ascendc_sim/host/acl_tensor.h): TouchedElements,
// ViewFitsStorage, ViewFitsAllocation, ByteRange and Overlaps (against brute force).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "ascendc_sim/host/acl_tensor.h"
#include "case_registry.h"

namespace {

using Dims = std::vector<int64_t>;

struct TensorDeleter {
    void operator()(aclTensor* tensor) const { aclDestroyTensor(tensor); }
};
using Tensor = std::unique_ptr<aclTensor, TensorDeleter>;

Tensor Make(const Dims& view, const Dims& strides, int64_t offset, const Dims& storage, void* data,
            aclDataType dataType = ACL_FLOAT) {
    return Tensor(aclCreateTensor(view.data(), view.size(), dataType, strides.data(), offset, ACL_FORMAT_ND,
                                  storage.data(), storage.size(), data));
}

bool Fits(const aclTensor& tensor, std::string* why) { return sim::acl::ViewFitsStorage(tensor, why); }

// Every byte address the view touches, by enumerating all its elements.
std::set<uintptr_t> BruteForceBytes(const aclTensor& tensor) {
    std::set<uintptr_t> bytes;
    const auto& shape = tensor.ViewShape();
    const auto& strides = tensor.ViewStrides();
    for (int64_t dim : shape) {
        if (dim == 0) return bytes;
    }
    const size_t elementBytes = aclDataTypeSize(tensor.DataType());
    std::vector<int64_t> index(shape.size(), 0);
    while (true) {
        int64_t element = tensor.ViewOffset();
        for (size_t d = 0; d < shape.size(); ++d) element += index[d] * strides[d];
        uintptr_t first = reinterpret_cast<uintptr_t>(tensor.Data()) + static_cast<uintptr_t>(element) * elementBytes;
        for (size_t b = 0; b < elementBytes; ++b) bytes.insert(first + b);
        size_t d = 0;
        for (; d < shape.size(); ++d) {
            if (++index[d] < shape[d]) break;
            index[d] = 0;
        }
        if (d == shape.size()) break;
    }
    return bytes;
}

}  // namespace

ACL_CASE(view_fits_storage) {
    std::string why;
    EXPECT_TRUE(Fits(*Make({2, 4}, {4, 1}, 0, {8}, nullptr), &why));
    EXPECT_TRUE(!Fits(*Make({2, 4}, {4, 1}, 0, {7}, nullptr), &why));
    EXPECT_EQ(why, std::string("view [2, 4] with strides [4, 1] and offset 0 reaches element 7, but storage [7] "
                               "holds 7 elements"));
    // A column slice [2, 3] of a [2, 8] row-major matrix, starting at column 5.
    EXPECT_TRUE(Fits(*Make({2, 3}, {8, 1}, 5, {2, 8}, nullptr), &why));
    EXPECT_TRUE(!Fits(*Make({2, 3}, {8, 1}, 5, {15}, nullptr), &why));
    // Transposed and broadcast views.
    EXPECT_TRUE(Fits(*Make({4, 2}, {1, 4}, 0, {8}, nullptr), &why));
    EXPECT_TRUE(Fits(*Make({1000, 4}, {0, 1}, 0, {4}, nullptr), &why));
    // Empty views always fit; a 0-d view needs its one element.
    EXPECT_TRUE(Fits(*Make({0, 5}, {5, 1}, 0, {0}, nullptr), &why));
    EXPECT_TRUE(Fits(*Make({}, {}, 3, {4}, nullptr), &why));
    EXPECT_TRUE(!Fits(*Make({}, {}, 3, {3}, nullptr), &why));
    // What CANN documents as invalid.
    EXPECT_TRUE(!Fits(*Make({2, 4}, {4, -1}, 3, {8}, nullptr), &why));
    EXPECT_TRUE(why.find("must not be negative") != std::string::npos);
    EXPECT_TRUE(!Fits(*Make({-1, 4}, {4, 1}, 0, {8}, nullptr), &why));
    EXPECT_TRUE(!Fits(*Make({2, 4}, {4, 1}, -1, {8}, nullptr), &why));
    EXPECT_TRUE(why.find("offset is negative") != std::string::npos);
    EXPECT_TRUE(!Fits(*Make({2, 4}, {4, 1}, 0, {8, -1}, nullptr), &why));
    EXPECT_TRUE(why.find("storage shape [8, -1]") != std::string::npos);
    // int64 overflow is reported, not wrapped.
    const int64_t huge = int64_t{1} << 40;
    EXPECT_TRUE(!Fits(*Make({huge, huge}, {huge, 1}, 0, {8}, nullptr), &why));
    EXPECT_TRUE(why.find("2^63") != std::string::npos);
    EXPECT_TRUE(!Fits(*Make({2}, {1}, 0, {huge, huge}, nullptr), &why));
    EXPECT_TRUE(why.find("2^63") != std::string::npos);

    sim::acl::ElementSpan span;
    EXPECT_TRUE(sim::acl::TouchedElements(*Make({2, 3}, {8, 1}, 5, {16}, nullptr), &span, &why));
    EXPECT_EQ(span.first, 5);
    EXPECT_EQ(span.last, 15);
    EXPECT_TRUE(!span.empty);
    int64_t count = 0;
    EXPECT_TRUE(sim::acl::ElementCount({2, 3, 4}, &count, &why));
    EXPECT_EQ(count, 24);
}

ACL_CASE(view_fits_allocation) {
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    void* device = nullptr;
    EXPECT_EQ(aclrtMalloc(&device, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    std::string why;
    EXPECT_TRUE(sim::acl::ViewFitsAllocation(*Make({4, 4}, {4, 1}, 0, {16}, device), &why));
    EXPECT_TRUE(!sim::acl::ViewFitsAllocation(*Make({4, 5}, {5, 1}, 0, {20}, device), &why));
    EXPECT_TRUE(why.find("touches bytes [0, 80) but the allocation holds 64 bytes") != std::string::npos);
    EXPECT_TRUE(why.find("aclrtMalloc #") != std::string::npos);
    // Offsets count elements; the data pointer may sit inside the allocation.
    void* inside = static_cast<char*>(device) + 16;
    EXPECT_TRUE(sim::acl::ViewFitsAllocation(*Make({12}, {1}, 0, {12}, inside), &why));
    EXPECT_TRUE(!sim::acl::ViewFitsAllocation(*Make({12}, {1}, 1, {13}, inside), &why));
    EXPECT_TRUE(why.find("at byte 16 of aclrtMalloc") != std::string::npos);
    EXPECT_TRUE(sim::acl::ViewFitsAllocation(*Make({16}, {1}, 0, {16}, device, ACL_FLOAT16), &why));
    EXPECT_TRUE(sim::acl::ViewFitsAllocation(*Make({32}, {1}, 0, {32}, device, ACL_FLOAT16), &why));
    EXPECT_TRUE(!sim::acl::ViewFitsAllocation(*Make({33}, {1}, 0, {33}, device, ACL_FLOAT16), &why));
    // Null, host and freed data.
    EXPECT_TRUE(!sim::acl::ViewFitsAllocation(*Make({4}, {1}, 0, {4}, nullptr), &why));
    EXPECT_TRUE(why.find("null") != std::string::npos);
    EXPECT_TRUE(sim::acl::ViewFitsAllocation(*Make({0}, {1}, 0, {0}, nullptr), &why));  // empty: touches nothing
    std::vector<float> host(16);
    EXPECT_TRUE(!sim::acl::ViewFitsAllocation(*Make({4}, {1}, 0, {4}, host.data()), &why));
    EXPECT_TRUE(why.find("not device memory") != std::string::npos);
    EXPECT_TRUE(!sim::acl::ViewFitsAllocation(*Make({4}, {1}, 0, {4}, device, ACL_STRING), &why));
    EXPECT_TRUE(why.find("ACL_STRING has no byte size") != std::string::npos);
    uintptr_t begin = 0, end = 0;
    EXPECT_TRUE(sim::acl::ByteRange(*Make({2, 3}, {8, 1}, 5, {16}, device, ACL_FLOAT16), &begin, &end, &why));
    EXPECT_EQ(begin - reinterpret_cast<uintptr_t>(device), 10u);
    EXPECT_EQ(end - reinterpret_cast<uintptr_t>(device), 32u);
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
    EXPECT_TRUE(!sim::acl::ViewFitsAllocation(*Make({4}, {1}, 0, {4}, device), &why));
    EXPECT_TRUE(why.find("already freed") != std::string::npos);
}

ACL_CASE(overlaps_common_cases) {
    alignas(64) static float buffer[4096];
    alignas(64) static float other[64];
    // Column blocks of one [8, 32] matrix: disjoint although their spans interleave.
    auto left = Make({8, 16}, {32, 1}, 0, {256}, buffer);
    auto right = Make({8, 16}, {32, 1}, 16, {256}, buffer);
    auto straddle = Make({8, 16}, {32, 1}, 8, {256}, buffer);
    EXPECT_TRUE(!sim::acl::Overlaps(*left, *right));
    EXPECT_TRUE(sim::acl::Overlaps(*left, *straddle));
    EXPECT_TRUE(sim::acl::Overlaps(*right, *straddle));
    EXPECT_TRUE(sim::acl::Overlaps(*left, *left));
    // Different memory, empty views and touching-but-disjoint ranges.
    EXPECT_TRUE(!sim::acl::Overlaps(*left, *Make({8, 8}, {8, 1}, 0, {64}, other)));
    EXPECT_TRUE(!sim::acl::Overlaps(*left, *Make({0, 16}, {32, 1}, 0, {256}, buffer)));
    EXPECT_TRUE(!sim::acl::Overlaps(*Make({16}, {1}, 0, {16}, buffer), *Make({16}, {1}, 16, {32}, buffer)));
    EXPECT_TRUE(sim::acl::Overlaps(*Make({16}, {1}, 0, {16}, buffer), *Make({16}, {1}, 15, {32}, buffer)));
    // Byte-level: an fp16 view sharing half of one fp32 element.
    EXPECT_TRUE(sim::acl::Overlaps(*Make({1}, {1}, 3, {4}, buffer), *Make({1}, {1}, 7, {8}, buffer, ACL_FLOAT16)));
    EXPECT_TRUE(!sim::acl::Overlaps(*Make({1}, {1}, 3, {4}, buffer), *Make({1}, {1}, 8, {9}, buffer, ACL_FLOAT16)));
    // Gates of an LSTM workspace: four [B, H] blocks of a [B, 4H] matrix.
    const int64_t batch = 5, hidden = 7;
    std::vector<Tensor> gates;
    for (int64_t g = 0; g < 4; ++g) {
        gates.push_back(Make({batch, hidden}, {4 * hidden, 1}, g * hidden, {batch * 4 * hidden}, buffer));
    }
    for (size_t i = 0; i < gates.size(); ++i) {
        for (size_t j = 0; j < gates.size(); ++j) EXPECT_EQ(sim::acl::Overlaps(*gates[i], *gates[j]), i == j);
    }
}

ACL_CASE(overlaps_matches_brute_force) {
    alignas(64) static unsigned char buffer[1 << 12];
    std::mt19937 generator(20240601);
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(generator); };
    auto randomTensor = [&] {
        const int rank = pick(0, 3);
        Dims shape, strides;
        for (int d = 0; d < rank; ++d) {
            shape.push_back(pick(0, 4) == 0 ? pick(0, 1) : pick(1, 4));
            strides.push_back(pick(0, 7));
        }
        const aclDataType dataType = pick(0, 1) ? ACL_FLOAT : ACL_FLOAT16;
        const int byteShift = pick(0, 6);  // views that do not start on an element boundary of the other
        return Make(shape, strides, pick(0, 12), {1 << 10}, buffer + byteShift, dataType);
    };
    int overlapping = 0, disjoint = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        Tensor a = randomTensor(), b = randomTensor();
        std::set<uintptr_t> aBytes = BruteForceBytes(*a), bBytes = BruteForceBytes(*b);
        bool expected = std::any_of(aBytes.begin(), aBytes.end(), [&](uintptr_t x) { return bBytes.count(x) != 0; });
        bool actual = sim::acl::Overlaps(*a, *b);
        if (actual != expected) {
            acltest::RecordFailure(__FILE__, __LINE__,
                                   "Overlaps(" + acltest::ToText(a->ViewShape()) + "/" +
                                       acltest::ToText(a->ViewStrides()) + "+" + std::to_string(a->ViewOffset()) +
                                       ", " + acltest::ToText(b->ViewShape()) + "/" +
                                       acltest::ToText(b->ViewStrides()) + "+" + std::to_string(b->ViewOffset()) +
                                       ") = " + std::to_string(actual));
            return;
        }
        (expected ? overlapping : disjoint) += 1;
    }
    // The random views must exercise both answers, or the comparison proves little.
    EXPECT_TRUE(overlapping > 2000);
    EXPECT_TRUE(disjoint > 2000);
}

ACL_CASE(overlaps_is_conservative_beyond_the_exact_limit) {
    // Two interleaved views (even and odd elements): disjoint. With one run per element they
    // need kExactOverlapRuns runs each to be decided exactly; one more and the answer is "may overlap".
    alignas(64) static unsigned char base[1];  // never dereferenced: the check works on addresses
    const int64_t exact = sim::acl::kExactOverlapRuns;
    auto evens = Make({exact}, {2}, 0, {2 * exact + 2}, base);
    auto odds = Make({exact}, {2}, 1, {2 * exact + 2}, base);
    EXPECT_TRUE(!sim::acl::Overlaps(*evens, *odds));
    auto moreEvens = Make({exact + 1}, {2}, 0, {2 * exact + 2}, base);
    auto moreOdds = Make({exact + 1}, {2}, 1, {2 * exact + 2}, base);
    EXPECT_TRUE(sim::acl::Overlaps(*moreEvens, *moreOdds));
    // Contiguous views are single runs whatever their size.
    auto front = Make({exact * 4}, {1}, 0, {exact * 8}, base);
    auto back = Make({exact * 4}, {1}, exact * 4, {exact * 8}, base);
    EXPECT_TRUE(!sim::acl::Overlaps(*front, *back));
}
