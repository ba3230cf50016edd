// `import PetFlowKit` is all an app writes: the pure core (field kinds, flows, validation) and
// flow files (reading their bytes, the checker) come with it. The core is its own module,
// PetFlowCore, so that it keeps knowing no JSON; this re-export is what makes the product one
// import (`@_exported`, the form Swift has for it until access-level imports re-export).
@_exported import FlowFiles
@_exported import PetFlowCore
