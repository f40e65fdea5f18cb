// The model's value types (views, constraints, priorities, the DSL) are the library's
// vocabulary: `import LayoutStore` brings them.
@_exported import LayoutScript
