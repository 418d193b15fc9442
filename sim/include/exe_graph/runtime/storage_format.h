// gert::StorageFormat: origin and storage format of one tensor (FORMAT_ND for both in
// this project). The expand-dims rule CANN keeps beside them is not modelled.
#pragma once
#include "graph/types.h"

namespace gert {

struct StorageFormat {
public:
    StorageFormat() = default;
    StorageFormat(ge::Format origin, ge::Format storage) : originFormat_(origin), storageFormat_(storage) {}

    ge::Format GetOriginFormat() const { return originFormat_; }
    ge::Format GetStorageFormat() const { return storageFormat_; }
    void SetOriginFormat(ge::Format format) { originFormat_ = format; }
    void SetStorageFormat(ge::Format format) { storageFormat_ = format; }

    bool operator==(const StorageFormat& other) const {
        return originFormat_ == other.originFormat_ && storageFormat_ == other.storageFormat_;
    }
    bool operator!=(const StorageFormat& other) const { return !(*this == other); }

private:
    ge::Format originFormat_ = ge::FORMAT_RESERVED;
    ge::Format storageFormat_ = ge::FORMAT_RESERVED;
};

}  // namespace gert
