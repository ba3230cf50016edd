/// Placeholder: the field layer lands here.
enum PetFlowKitPlaceholder {}
