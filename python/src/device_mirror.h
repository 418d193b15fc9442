// Host arrays as device tensors, the way an NPU program moves them: aclrtMalloc a device
// buffer, aclrtMemcpy the bytes over, describe the view with aclCreateTensor (shape,
// element strides, storage offset, storage shape), and copy outputs back afterwards.
//
// A view that shares no memory with another one (or only with identical views: an in-place
// out=) is packed: its elements are gathered on the host into row-major order (strided_copy.h,
// tiled for transposes), copied to a device buffer of exactly their size and described as a
// contiguous aclTensor; outputs are scattered back the same way. The bytes moved and held
// follow the element count, not the span (two rows 1 GiB apart cost two rows). A contiguous
// view is copied straight, without staging.
//
// Views that share memory otherwise (an out= partially overlapping an input, an output
// whose own elements may share memory) are mirrored: one device buffer holds the host bytes
// the group spans and every view is created at its own offset and strides inside it, so the
// aclnn layer sees the aliasing and judges it. Outputs are copied back element by element,
// so bytes between a view's elements are never written on the host. A group of outputs the op
// writes in full is not copied to the device at all.
//
// Fresh outputs (arrays the caller made for this call, discarded if it fails) need no device
// copy at all: one that is a whole group, written in full and page aligned is mapped for the
// cores with aclrtHostRegister, so the kernel writes the caller's array directly. Outputs the
// user passed in are always copied back, and only after success: a failed call leaves them as
// they were.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl_session.h"
#include "aclnn/acl_meta.h"

namespace lstm_cell_grad::py {

// One array argument as the caller holds it in host memory.
struct HostView {
    bool present = false;            // false: passed to the API as a null pointer
    bool isOutput = false;
    // An output the op writes in full (the launch fails if any element stays unwritten): its
    // old contents need not reach the device, as on the chip, where an output buffer starts
    // as whatever the allocator hands out.
    bool writtenWhole = false;
    uint8_t* data = nullptr;         // the view's first element
    std::vector<int64_t> shape;
    std::vector<int64_t> strides;    // in elements, non-negative
    size_t itemBytes = 0;
    aclDataType dtype = ACL_FLOAT;

    bool Empty() const;              // a zero dimension: touches no memory
    size_t SpanBytes() const;        // from the first to past the last byte it touches
};

class DeviceMirror {
public:
    // Groups the views; nothing is allocated yet. `freshOutputs`: the outputs are the caller's
    // new arrays (see above), which may be mapped rather than copied.
    DeviceMirror(std::vector<HostView> views, bool freshOutputs);
    ~DeviceMirror();
    DeviceMirror(const DeviceMirror&) = delete;
    DeviceMirror& operator=(const DeviceMirror&) = delete;

    // A device buffer (TakeDeviceBuffer: the thread's kept buffer of that size, else
    // aclrtMalloc) + host-to-device aclrtMemcpy per group (but for a group of outputs written
    // whole), or aclrtHostRegister for a fresh output that can be mapped; then one aclTensor
    // per view.
    AclFailure Upload();
    // The aclTensor of view `index` (nullptr for an absent view).
    aclTensor* Tensor(size_t index) const { return tensors_[index]; }
    // The device bytes of every group holding an output, copied back into the host views.
    AclFailure DownloadOutputs();

private:
    // How a group's views reach the device (see the top of this file).
    enum class Layout { kMirrored, kPacked, kMapped };
    struct Group {
        uint8_t* hostBegin = nullptr;
        uint8_t* hostEnd = nullptr;
        void* device = nullptr;
        bool hasOutput = false;
        bool upload = false;  // a view in it is read, or an output the op may leave partly alone
        Layout layout = Layout::kMirrored;
        size_t first = 0;     // its first view (kPacked: all its views are equal to this one)
        size_t DeviceBytes(const HostView& firstView) const;
    };
    // How group `group` reaches the device.
    Layout ChooseLayout(size_t group) const;
    // Whether group `group` is a fresh output the cores may write in place.
    bool Mappable(size_t group) const;
    // The one view of `group` if it is an output whose elements fill its span, else nullptr.
    const HostView* SoleDenseView(size_t group) const;

    std::vector<HostView> views_;
    bool freshOutputs_ = false;
    std::vector<int> groupOf_;         // view index -> group index (-1: absent or empty)
    std::vector<Group> groups_;
    std::vector<aclTensor*> tensors_;
};

}  // namespace lstm_cell_grad::py
