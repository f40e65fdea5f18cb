import Foundation

func runStoreBenchmark() {
    fail("the store benchmark needs the CLI (issue 3); not built yet")
}
