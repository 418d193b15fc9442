#include "device_mirror.h"

#include <algorithm>
#include <cstring>
#include <numeric>

#include "sim_hooks.h"
#include "strided_copy.h"


namespace lstm_cell_grad::py {
namespace {

// The view as memory, for the sim's overlap rules (sim_hooks: the one implementation).
sim_hooks::MemoryView MemoryOf(const HostView& view) {
    sim_hooks::MemoryView memory;
    memory.address = reinterpret_cast<uintptr_t>(view.data);
    memory.shape = view.shape;
    memory.itemBytes = static_cast<int64_t>(view.itemBytes);
    for (int64_t stride : view.strides) memory.byteStrides.push_back(stride * memory.itemBytes);
    return memory;
}

int Root(std::vector<int>& parent, int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

// Calls copyRun(hostOffset, mirrorOffset, bytes) for each contiguous run of the view's
// elements, in row-major order; offsets are in bytes from the view's first element.
template <typename CopyRun>
void ForEachRun(const HostView& view, CopyRun copyRun) {
    const size_t rank = view.shape.size();
    // The innermost dimension is one run when its elements are adjacent.
    const bool innerRun = rank > 0 && view.strides[rank - 1] == 1;
    const size_t loopDims = innerRun ? rank - 1 : rank;
    const size_t runBytes = innerRun ? static_cast<size_t>(view.shape[rank - 1]) * view.itemBytes : view.itemBytes;
    std::vector<int64_t> index(loopDims, 0);
    while (true) {
        int64_t elementOffset = 0;
        for (size_t d = 0; d < loopDims; ++d) elementOffset += index[d] * view.strides[d];
        copyRun(static_cast<size_t>(elementOffset) * view.itemBytes, runBytes);
        size_t d = loopDims;
        while (d > 0 && ++index[d - 1] == view.shape[d - 1]) index[--d] = 0;
        if (d == 0) return;
    }
}

size_t ElementCount(const HostView& view) {
    size_t elements = 1;
    for (int64_t dim : view.shape) elements *= static_cast<size_t>(dim);
    return elements;
}

// Row-major strides of the view's shape: how a packed view is described to the device.
std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& shape) {
    std::vector<int64_t> strides(shape.size(), 1);
    for (size_t d = shape.size(); d > 1; --d) strides[d - 2] = strides[d - 1] * std::max<int64_t>(shape[d - 1], 1);
    return strides;
}

// Whether the view's elements lie in row-major order without gaps (dims of size 1 aside):
// its bytes are its packed form already.
bool RowMajor(const HostView& view) {
    const std::vector<int64_t> rowMajor = RowMajorStrides(view.shape);
    for (size_t d = 0; d < view.shape.size(); ++d) {
        if (view.shape[d] > 1 && view.strides[d] != rowMajor[d]) return false;
    }
    return true;
}

bool SameView(const HostView& a, const HostView& b) {
    return a.data == b.data && a.shape == b.shape && a.strides == b.strides && a.itemBytes == b.itemBytes &&
           a.dtype == b.dtype;
}

// Host memory for one packed view, not zero-filled (every byte is written before use).
std::unique_ptr<uint8_t[]> Staging(size_t bytes) { return std::unique_ptr<uint8_t[]>(new uint8_t[bytes]); }

}  // namespace

bool HostView::Empty() const {
    return std::any_of(shape.begin(), shape.end(), [](int64_t dim) { return dim == 0; });
}

size_t HostView::SpanBytes() const {
    if (Empty()) return 0;
    int64_t lastElement = 0;
    for (size_t d = 0; d < shape.size(); ++d) lastElement += (shape[d] - 1) * strides[d];
    return static_cast<size_t>(lastElement + 1) * itemBytes;
}

DeviceMirror::DeviceMirror(std::vector<HostView> views, bool freshOutputs)
    : views_(std::move(views)), freshOutputs_(freshOutputs), groupOf_(views_.size(), -1), tensors_(views_.size(), nullptr) {
    std::vector<int> parent(views_.size());
    std::iota(parent.begin(), parent.end(), 0);
    for (size_t i = 0; i < views_.size(); ++i) {
        if (!views_[i].present || views_[i].Empty()) continue;
        for (size_t j = 0; j < i; ++j) {
            if (views_[j].present && !views_[j].Empty() && sim_hooks::ViewsOverlap(MemoryOf(views_[i]), MemoryOf(views_[j]))) {
                parent[Root(parent, static_cast<int>(i))] = Root(parent, static_cast<int>(j));
            }
        }
    }
    std::vector<int> groupOfRoot(views_.size(), -1);
    for (size_t i = 0; i < views_.size(); ++i) {
        const HostView& view = views_[i];
        if (!view.present || view.Empty()) continue;
        int& group = groupOfRoot[Root(parent, static_cast<int>(i))];
        if (group < 0) {
            group = static_cast<int>(groups_.size());
            groups_.push_back(Group{});
            groups_.back().hostBegin = view.data;
            groups_.back().hostEnd = view.data + view.SpanBytes();
            groups_.back().first = i;
        }
        Group& g = groups_[group];
        g.hostBegin = std::min(g.hostBegin, view.data);
        g.hostEnd = std::max(g.hostEnd, view.data + view.SpanBytes());
        g.hasOutput = g.hasOutput || view.isOutput;
        g.upload = g.upload || !(view.isOutput && view.writtenWhole);
        groupOf_[i] = group;
    }
    for (size_t g = 0; g < groups_.size(); ++g) groups_[g].layout = ChooseLayout(g);
}

DeviceMirror::Layout DeviceMirror::ChooseLayout(size_t group) const {
    if (Mappable(group)) return Layout::kMapped;
    const HostView& first = views_[groups_[group].first];
    // Elements that may share memory: mirrored, and the aclnn layer judges the view.
    if (sim_hooks::ElementsShareMemory(MemoryOf(first))) return Layout::kMirrored;
    for (size_t i = 0; i < views_.size(); ++i) {
        if (groupOf_[i] == static_cast<int>(group) && !SameView(views_[i], first)) return Layout::kMirrored;
    }
    return Layout::kPacked;
}

size_t DeviceMirror::Group::DeviceBytes(const HostView& firstView) const {
    if (layout == Layout::kPacked) return ElementCount(firstView) * firstView.itemBytes;
    return static_cast<size_t>(hostEnd - hostBegin);
}

DeviceMirror::~DeviceMirror() {
    for (aclTensor* tensor : tensors_) {
        if (tensor != nullptr) aclDestroyTensor(tensor);
    }
    for (Group& group : groups_) {
        if (group.device == nullptr) continue;
        if (group.layout == Layout::kMapped) {
            aclrtHostUnregister(group.hostBegin);
        } else {
            GiveDeviceBuffer(group.device);
        }
    }
}

AclFailure DeviceMirror::Upload() {
    for (Group& group : groups_) {
        const HostView& first = views_[group.first];
        const size_t bytes = group.DeviceBytes(first);
        if (group.layout == Layout::kMapped) {
            if (aclError status = aclrtHostRegister(group.hostBegin, bytes, ACL_HOST_REGISTER_MAPPED, &group.device);
                status != ACL_SUCCESS) {
                group.device = nullptr;
                return Failure(status, "aclrtHostRegister");
            }
            continue;
        }
        if (AclFailure taken = TakeDeviceBuffer(bytes, &group.device); !taken.ok()) return taken;
        if (!group.upload) continue;
        const uint8_t* source = group.hostBegin;  // mirrored, or packed already
        std::unique_ptr<uint8_t[]> staging;
        if (group.layout == Layout::kPacked && !RowMajor(first)) {
            staging = Staging(bytes);
            GatherView(first, staging.get());
            source = staging.get();
        }
        if (aclError status = aclrtMemcpy(group.device, bytes, source, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
            status != ACL_SUCCESS) {
            return Failure(status, "aclrtMemcpy");
        }
    }
    for (size_t i = 0; i < views_.size(); ++i) {
        const HostView& view = views_[i];
        if (!view.present) continue;
        uint8_t* storage = nullptr;
        int64_t offset = 0, storageElements = 0;
        std::vector<int64_t> strides = view.strides;
        if (groupOf_[i] >= 0 && groups_[groupOf_[i]].layout == Layout::kPacked) {
            // The buffer holds exactly the view's elements, in row-major order.
            storage = static_cast<uint8_t*>(groups_[groupOf_[i]].device);
            strides = RowMajorStrides(view.shape);
            storageElements = static_cast<int64_t>(ElementCount(view));
        } else if (groupOf_[i] >= 0) {
            // The storage starts at the group's device buffer; the view sits at its element
            // offset in it (views of one dtype share the buffer's element grid).
            const Group& group = groups_[groupOf_[i]];
            const size_t byteOffset = static_cast<size_t>(view.data - group.hostBegin);
            storage = static_cast<uint8_t*>(group.device) + byteOffset % view.itemBytes;
            offset = static_cast<int64_t>(byteOffset / view.itemBytes);
            storageElements = static_cast<int64_t>((group.hostEnd - group.hostBegin) - byteOffset % view.itemBytes) /
                              static_cast<int64_t>(view.itemBytes);
        }
        tensors_[i] = aclCreateTensor(view.shape.data(), view.shape.size(), view.dtype, strides.data(), offset,
                                      ACL_FORMAT_ND, &storageElements, 1, storage);
        if (tensors_[i] == nullptr) return Failure(ACL_ERROR_INVALID_PARAM, "aclCreateTensor");
    }
    return {};
}

AclFailure DeviceMirror::DownloadOutputs() {
    std::vector<uint8_t> staging;
    for (size_t g = 0; g < groups_.size(); ++g) {
        const Group& group = groups_[g];
        if (!group.hasOutput || group.device == nullptr || group.layout == Layout::kMapped) continue;
        const HostView& first = views_[group.first];
        const size_t bytes = group.DeviceBytes(first);
        if (group.layout == Layout::kPacked) {
            // Every view of the group is `first`; it is an output, as the group holds one.
            if (RowMajor(first)) {
                if (aclError status = aclrtMemcpy(first.data, bytes, group.device, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
                    status != ACL_SUCCESS) {
                    return Failure(status, "aclrtMemcpy");
                }
                continue;
            }
            std::unique_ptr<uint8_t[]> packed = Staging(bytes);
            if (aclError status = aclrtMemcpy(packed.get(), bytes, group.device, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
                status != ACL_SUCCESS) {
                return Failure(status, "aclrtMemcpy");
            }
            ScatterView(packed.get(), first);
            continue;
        }
        if (const HostView* only = SoleDenseView(g)) {
            // The group is one output without gaps: the device bytes are exactly its elements.
            if (aclError status = aclrtMemcpy(only->data, bytes, group.device, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
                status != ACL_SUCCESS) {
                return Failure(status, "aclrtMemcpy");
            }
            continue;
        }
        staging.resize(bytes);
        if (aclError status = aclrtMemcpy(staging.data(), bytes, group.device, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
            status != ACL_SUCCESS) {
            return Failure(status, "aclrtMemcpy");
        }
        for (size_t i = 0; i < views_.size(); ++i) {
            const HostView& view = views_[i];
            if (!view.isOutput || groupOf_[i] != static_cast<int>(g)) continue;
            const uint8_t* source = staging.data() + (view.data - group.hostBegin);
            ForEachRun(view, [&](size_t offset, size_t runBytes) { std::memcpy(view.data + offset, source + offset, runBytes); });
        }
    }
    return {};
}

bool DeviceMirror::Mappable(size_t group) const {
    const HostView* only = SoleDenseView(group);
    return freshOutputs_ && only != nullptr && only->writtenWhole &&
           reinterpret_cast<uintptr_t>(only->data) % sim_hooks::HostRegisterAlignment() == 0;
}

const HostView* DeviceMirror::SoleDenseView(size_t group) const {
    const HostView* sole = nullptr;
    for (size_t i = 0; i < views_.size(); ++i) {
        if (groupOf_[i] != static_cast<int>(group)) continue;
        if (sole != nullptr) return nullptr;
        sole = &views_[i];
    }
    if (sole == nullptr || !sole->isOutput) return nullptr;
    size_t elements = 1;
    for (int64_t dim : sole->shape) elements *= static_cast<size_t>(dim);
    return sole->SpanBytes() == elements * sole->itemBytes ? sole : nullptr;
}

}  // namespace lstm_cell_grad::py
