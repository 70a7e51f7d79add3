// swift-tools-version: 6.0
// The Rust core for the app and for `swift test`: its C interface (SolitaireCoreFFI), the
// Swift bindings UniFFI generates for it (SolitaireCore), and the app's observable model over
// them (SolitaireModel). Everything under Generated/ is made by ../scripts, never committed.
import PackageDescription

#if os(Linux)
// No XCFramework on Linux: the C interface is the header and library `bindings/generate`
// builds for the host (scripts/prepare-linux.sh copies the header in).
let hostLibraryDirectory = Context.packageDirectory + "/../../build/bindings/lib"
let ffiTarget: Target = .systemLibrary(name: "SolitaireCoreFFI", path: "Generated/SolitaireCoreFFI")
let coreLinkerSettings: [LinkerSetting] = [
    .linkedLibrary("solitaire_ffi"),
    // The rpath lets the test runner find the shared library without LD_LIBRARY_PATH.
    .unsafeFlags(["-L\(hostLibraryDirectory)", "-Xlinker", "-rpath", "-Xlinker", hostLibraryDirectory]),
]
#else
// Static libraries for iOS devices, the iOS simulator and macOS (scripts/build-xcframework.sh).
let ffiTarget: Target = .binaryTarget(name: "SolitaireCoreFFI", path: "Generated/SolitaireCoreFFI.xcframework")
let coreLinkerSettings: [LinkerSetting] = []
#endif

// A file that uses Foundation (or any module) must import it itself, not see it through the
// generated bindings' imports.
let ownCode: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "SolitaireKit",
    defaultLocalization: "en",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "SolitaireModel", targets: ["SolitaireModel", "SolitaireCore"]),
    ],
    targets: [
        ffiTarget,
        .target(
            name: "SolitaireCore",
            dependencies: ["SolitaireCoreFFI"],
            path: "Generated/SolitaireCore",
            // UniFFI's readers go through Data, whose inlined storage accesses each asked the
            // runtime for an exclusivity check: a third of the time lifting a table (callgrind).
            // The generated code never shares a reader, so the checks have nothing to catch.
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])],
            linkerSettings: coreLinkerSettings
        ),
        // The String Catalog is copied as it is (JSON), not compiled into .strings files: `Words`
        // reads it the same way on iOS, macOS and Linux, whose Foundation cannot compile one.
        .target(
            name: "SolitaireModel",
            dependencies: ["SolitaireCore"],
            resources: [.copy("Resources/Localizable.xcstrings")],
            swiftSettings: ownCode
        ),
        .testTarget(name: "SolitaireModelTests", dependencies: ["SolitaireModel", "SolitaireCore"], swiftSettings: ownCode),
        // `swift run -c release TapBench`: a tap plus the table across the boundary (README.md).
        .executableTarget(name: "TapBench", dependencies: ["SolitaireCore"], path: "Benchmarks/TapBench", swiftSettings: ownCode),
    ],
    swiftLanguageModes: [.v6]
)
