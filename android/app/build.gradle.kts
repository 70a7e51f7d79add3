import javax.inject.Inject
import org.gradle.api.file.DirectoryProperty
import org.gradle.api.provider.ListProperty
import org.gradle.api.provider.Property
import org.gradle.api.tasks.Input
import org.gradle.api.tasks.Internal
import org.gradle.api.tasks.OutputDirectory
import org.gradle.api.tasks.TaskAction
import org.gradle.process.ExecOperations

plugins {
    // AGP 9 compiles Kotlin itself (built-in Kotlin): no org.jetbrains.kotlin.android plugin.
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.compose)
}

/** The Cargo workspace this app lives in: the Rust core is built from there. */
val cargoWorkspace: Directory = rootProject.layout.projectDirectory.dir("..")

/** The ABIs shipped: phones (arm64-v8a, armeabi-v7a) and the emulator (x86_64). */
val androidAbis = listOf("arm64-v8a", "armeabi-v7a", "x86_64")

android {
    namespace = "app.solitaire"
    compileSdk = libs.versions.targetSdk.get().toInt()
    ndkVersion = libs.versions.ndk.get()

    defaultConfig {
        applicationId = "app.solitaire"
        minSdk = libs.versions.minSdk.get().toInt()
        targetSdk = libs.versions.targetSdk.get().toInt()
        versionCode = 1
        versionName = "1.0"
        ndk { abiFilters += androidAbis }
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            isShrinkResources = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
    }

    compileOptions {
        // Built-in Kotlin targets the same JVM level.
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    buildFeatures {
        compose = true
    }
}

/**
 * Cross-compiles the Rust library (crate solitaire-ffi) for every ABI with cargo-ndk into a
 * generated jniLibs folder. Always the release profile: the solver behind hints is far too
 * slow unoptimised. NDK r28 and newer link with 16 KB pages by default; the flags say so anyway
 * for anyone building with an older NDK.
 */
abstract class CargoNdkTask @Inject constructor(private val exec: ExecOperations) : DefaultTask() {
    @get:Internal abstract val workspace: DirectoryProperty
    @get:Internal abstract val ndkDirectory: DirectoryProperty
    @get:Input abstract val abis: ListProperty<String>
    @get:Input abstract val minSdk: Property<Int>
    @get:OutputDirectory abstract val outputDir: DirectoryProperty

    @TaskAction
    fun build() {
        val out = outputDir.get().asFile.apply { deleteRecursively(); mkdirs() }
        exec.exec {
            workingDir = workspace.get().asFile
            environment("ANDROID_NDK_HOME", ndkDirectory.get().asFile.absolutePath)
            val pageSize = "-C link-arg=-Wl,-z,max-page-size=16384"
            listOf("AARCH64_LINUX_ANDROID", "ARMV7_LINUX_ANDROIDEABI", "X86_64_LINUX_ANDROID").forEach {
                environment("CARGO_TARGET_${it}_RUSTFLAGS", pageSize)
            }
            commandLine(
                listOf("cargo", "ndk", "--platform", minSdk.get().toString(), "-o", out.absolutePath) +
                    abis.get().flatMap { listOf("-t", it) } +
                    listOf("build", "--release", "-p", "solitaire-ffi"),
            )
        }
    }
}

/**
 * Generates the Kotlin bindings (package app.solitaire.core) from the host build of the same
 * library with the workspace's own uniffi-bindgen, so they always match the Rust code.
 */
abstract class UniffiBindingsTask @Inject constructor(private val exec: ExecOperations) : DefaultTask() {
    @get:Internal abstract val workspace: DirectoryProperty
    @get:OutputDirectory abstract val outputDir: DirectoryProperty

    @TaskAction
    fun generate() {
        val root = workspace.get().asFile
        val out = outputDir.get().asFile.apply { deleteRecursively(); mkdirs() }
        exec.exec {
            workingDir = root
            commandLine("cargo", "build", "-p", "solitaire-ffi")
        }
        val targetDir = System.getenv("CARGO_TARGET_DIR")?.let(::File) ?: root.resolve("target")
        val libName = if (System.getProperty("os.name").startsWith("Mac")) "libsolitaire_ffi.dylib" else "libsolitaire_ffi.so"
        exec.exec {
            workingDir = root
            commandLine(
                "cargo", "run", "-p", "uniffi-bindgen", "--",
                "generate", "--no-format", "--language", "kotlin",
                "--out-dir", out.absolutePath, targetDir.resolve("debug/$libName").absolutePath,
            )
        }
    }
}

val cargoNdk = tasks.register<CargoNdkTask>("cargoNdkBuild") {
    workspace.set(cargoWorkspace)
    ndkDirectory.set(androidComponents.sdkComponents.ndkDirectory)
    abis.set(androidAbis)
    minSdk.set(libs.versions.minSdk.get().toInt())
    outputDir.set(layout.buildDirectory.dir("generated/rust/jniLibs"))
    outputs.upToDateWhen { false } // cargo knows best whether the Rust code changed
}

val uniffiBindings = tasks.register<UniffiBindingsTask>("uniffiBindings") {
    workspace.set(cargoWorkspace)
    outputDir.set(layout.buildDirectory.dir("generated/rust/kotlin"))
    outputs.upToDateWhen { false }
}

androidComponents {
    onVariants { variant ->
        variant.sources.jniLibs?.addGeneratedSourceDirectory(cargoNdk, CargoNdkTask::outputDir)
        variant.sources.kotlin?.addGeneratedSourceDirectory(uniffiBindings, UniffiBindingsTask::outputDir)
    }
}

dependencies {
    implementation(platform(libs.androidx.compose.bom))
    implementation(libs.androidx.compose.ui)
    implementation(libs.androidx.compose.foundation)
    implementation(libs.androidx.compose.material3)
    implementation(libs.androidx.activity.compose)
    implementation(libs.androidx.lifecycle.viewmodel)
    // JNA's Android build (the aar carries libjnidispatch.so for every ABI), which the bindings use.
    implementation("net.java.dev.jna:jna:${libs.versions.jna.get()}@aar")
    debugImplementation(libs.androidx.compose.ui.tooling)
}
