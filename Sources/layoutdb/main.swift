// Placeholder entry point until the CLI lands (issue 3); it only says so.
import LayoutStore
print("layoutdb: the command-line interface is not built yet")
