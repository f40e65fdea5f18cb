import Foundation
import Testing

/// Where `swift build` put the products (the test bundle sits beside them).
let productsDirectory: URL = {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
}()

@Test("the layoutdb binary is built beside the tests")
func binaryExists() {
    #expect(FileManager.default.isExecutableFile(atPath: productsDirectory.appending(path: "layoutdb").path))
}
