// ListTensorDesc / TensorDesc: the GM descriptor of a dynamic list of tensors (a TensorList
// input) as the kernel decodes it (asc-devkit include/basic_api/kernel_operator_list_tensor_intf.h,
// impl/basic_api/dav_c220/kernel_operator_list_tensor_impl.h). Layout, in 64-bit words from the
// descriptor's start: [0] the byte offset of the data-pointer array; then one record per tensor,
// [dim | index << 32] followed by its dim shape words; then the data pointers. The tensor count
// is the first record's high half when non-zero, else the last record's index + 1.
//
// Every descriptor word is read as a scalar GM access (inside its allocation, or reported as
// gm-allocation); api-misuse for an index past the count, a null descriptor, a record layout
// that does not match the data-pointer offset, and length/shapeSize that disagree with it.
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/gm_access.h"
#include "ascendc_sim/kernel/tensor.h"

namespace AscendC {

class ListTensorDesc;

template <class T>
class TensorDesc {
public:
    __aicore__ inline TensorDesc() {}
    __aicore__ inline ~TensorDesc() {}
    __aicore__ inline void SetShapeAddr(uint64_t* shapePtr) { shape_ = shapePtr; }
    __aicore__ inline uint64_t GetDim() { return dim_; }
    __aicore__ inline uint64_t GetIndex() { return index_; }
    __aicore__ inline uint64_t GetShape(uint32_t offset) {
        if (offset >= dim_ || shape_ == nullptr) {
            sim::Violation(sim::Check::ApiMisuse, "TensorDesc::GetShape(" + std::to_string(offset) + "): the tensor has " +
                                                      std::to_string(dim_) + " dimension(s)" +
                                                      (shape_ == nullptr ? " and no shape buffer (SetShapeAddr)" : ""));
            return 0;
        }
        return shape_[offset];
    }
    __aicore__ inline __gm__ T* GetDataPtr() { return ptr_; }
    // The tensor as a GlobalTensor of its shape's elements.
    __aicore__ inline GlobalTensor<T> GetDataObj() {
        uint64_t elements = 1;
        for (uint32_t i = 0; i < dim_ && shape_ != nullptr; ++i) elements *= shape_[i];
        GlobalTensor<T> tensor;
        tensor.SetGlobalBuffer(ptr_, elements);
        return tensor;
    }

private:
    friend class ListTensorDesc;
    uint32_t dim_ = 0;
    uint32_t index_ = 0;
    uint64_t* shape_ = nullptr;
    __gm__ T* ptr_ = nullptr;
};

class ListTensorDesc {
public:
    __aicore__ inline ListTensorDesc() {}
    __aicore__ inline ~ListTensorDesc() {}
    __aicore__ inline ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff) {
        Init(data, length, shapeSize);
    }
    __aicore__ inline void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff) {
        Decode(data, length, shapeSize);
    }
    template <class T>
    __aicore__ inline void GetDesc(TensorDesc<T>& desc, uint32_t index) {
        if (!Valid(index, "ListTensorDesc::GetDesc")) return;
        if (dim_ == 0) {
            sim::Violation(sim::Check::ApiMisuse, "ListTensorDesc::GetDesc: the list's tensors have no shape records (dim 0)");
            return;
        }
        desc.dim_ = dim_;
        desc.index_ = index;
        desc.ptr_ = reinterpret_cast<__gm__ T*>(Word(dataPtr_ + index));
        const __gm__ uint64_t* record = shapeStart_ + uint64_t(index) * recordWords_;
        for (uint32_t i = 0; i < dim_ && desc.shape_ != nullptr; ++i) desc.shape_[i] = Word(record + 1 + i);
    }
    template <class T>
    __aicore__ inline __gm__ T* GetDataPtr(uint32_t index) {
        if (!Valid(index, "ListTensorDesc::GetDataPtr")) return nullptr;
        return reinterpret_cast<__gm__ T*>(Word(dataPtr_ + index));
    }
    __aicore__ inline uint32_t GetSize() { return count_; }

private:
    // One descriptor word, checked as a scalar GM read.
    static uint64_t Word(const __gm__ uint64_t* at) {
        sim::Core().Issue(sim::Event{sim::EventKind::Scalar, sim::Pipe::S, sim::Pipe::S, "ListTensorDesc (GM read)", 8});
        uint64_t value = 0;
        if (sim::CheckGmAccess("ListTensorDesc", "descriptor", sim::GmView{at, 0, false, 0}, at, sizeof(uint64_t))) value = *at;
        return value;
    }
    bool Valid(uint32_t index, const char* api) const {
        if (dataPtr_ == nullptr) {
            sim::Violation(sim::Check::ApiMisuse, std::string(api) + ": the ListTensorDesc was never given a descriptor (Init)");
            return false;
        }
        if (index >= count_) {
            sim::Violation(sim::Check::ApiMisuse, std::string(api) + "(" + std::to_string(index) + "): the list holds " +
                                                      std::to_string(count_) + " tensor(s)");
            return false;
        }
        return true;
    }
    void Decode(__gm__ void* data, uint32_t length, uint32_t shapeSize) {
        if (data == nullptr) {
            sim::Violation(sim::Check::ApiMisuse, "ListTensorDesc: the descriptor address is nullptr");
            return;
        }
        auto* head = reinterpret_cast<__gm__ uint64_t*>(data);
        const uint64_t pointerOffset = Word(head);
        shapeStart_ = head + 1;
        dataPtr_ = head + pointerOffset / sizeof(uint64_t);
        const uint64_t first = Word(shapeStart_);
        dim_ = static_cast<uint32_t>(first & 0xffffffffu);
        const uint32_t stated = static_cast<uint32_t>(first >> 32);
        recordWords_ = dim_ == 0 ? 2 : 1 + dim_;
        count_ = stated != 0 ? stated : static_cast<uint32_t>((Word(dataPtr_ - recordWords_) >> 32) + 1);
        const bool laidOut = dim_ != 0 ? uint64_t(count_) * recordWords_ * 8 == pointerOffset - 8
                                       : Word(shapeStart_ + 1) == 0xffffffffu && pointerOffset == 24;
        if (!laidOut) {
            sim::Violation(sim::Check::ApiMisuse, "ListTensorDesc: " + std::to_string(count_) + " record(s) of " +
                                                      std::to_string(recordWords_) + " words do not fill the " +
                                                      std::to_string(pointerOffset) +
                                                      " bytes before the data pointers (word 0 of the descriptor)");
        }
        if (length != 0xffffffffu && shapeSize != 0xffffffffu &&
            (count_ != shapeSize || length != pointerOffset + uint64_t(count_) * 8)) {
            sim::Violation(sim::Check::ApiMisuse, "ListTensorDesc(data, length " + std::to_string(length) + ", shapeSize " +
                                                      std::to_string(shapeSize) + "): the descriptor holds " +
                                                      std::to_string(count_) + " tensor(s) in " +
                                                      std::to_string(pointerOffset + uint64_t(count_) * 8) + " bytes");
        }
    }

    __gm__ uint64_t* dataPtr_ = nullptr;
    __gm__ uint64_t* shapeStart_ = nullptr;
    uint32_t dim_ = 0;
    uint32_t recordWords_ = 0;
    uint32_t count_ = 0;
};

}  // namespace AscendC
