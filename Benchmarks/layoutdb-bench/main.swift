// Placeholder until the solver benchmark lands (issue 2).
print("layoutdb-bench: not built yet")
