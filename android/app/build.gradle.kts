import org.gradle.api.GradleException
import org.gradle.api.file.DirectoryProperty
import org.gradle.api.file.RegularFileProperty
import org.gradle.api.provider.ListProperty
import org.gradle.api.provider.Property
import org.gradle.api.tasks.Input
import org.gradle.api.tasks.InputFile
import org.gradle.api.tasks.Internal
import org.gradle.api.tasks.OutputDirectory
import org.gradle.api.tasks.TaskAction
import org.gradle.process.ExecOperations
import org.gradle.process.ExecSpec
import java.io.ByteArrayOutputStream
import java.util.Properties
import javax.inject.Inject

plugins {
    // AGP 9 compiles Kotlin itself (built-in Kotlin): no org.jetbrains.kotlin.android plugin.
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.compose)
}

/** The Cargo workspace this app lives in: the Rust core is built from there. */
val cargoWorkspace: Directory = rootProject.layout.projectDirectory.dir("..")

/** The ABIs shipped: phones (arm64-v8a, armeabi-v7a) and the emulator (x86_64). */
val androidAbis = listOf("arm64-v8a", "armeabi-v7a", "x86_64")

/**
 * The folder holding `cargo`. Android Studio started from the macOS Dock (or a Windows shortcut)
 * does not get the shell's PATH, so look where rustup installs it: `cargo.dir` in
 * local.properties, else `$CARGO_HOME/bin`, else `~/.cargo/bin`.
 */
val cargoBinDir: File = run {
    val local = Properties().apply {
        rootProject.file("local.properties").takeIf { it.isFile }?.reader()?.use { load(it) }
    }
    local.getProperty("cargo.dir")?.let(::File)
        ?: providers.environmentVariable("CARGO_HOME").orNull?.let { File(it, "bin") }
        ?: File(System.getProperty("user.home"), ".cargo/bin")
}

android {
    namespace = "app.solitaire"
    compileSdk = libs.versions.compileSdk.get().toInt()
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

/** An object, not a script function: task classes must not capture the build script. */
object Cargo {
    /**
     * Runs cargo from `dir` with that folder first on the PATH, so what cargo starts (rustc,
     * cargo-ndk) is found the same way.
     */
    fun command(spec: ExecSpec, dir: File, args: List<String>) {
        val exe = if (System.getProperty("os.name").startsWith("Windows")) "cargo.exe" else "cargo"
        spec.environment("PATH", dir.absolutePath + File.pathSeparator + (System.getenv("PATH") ?: ""))
        spec.commandLine(listOf(dir.resolve(exe).absolutePath) + args)
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
    @get:Internal abstract val cargoDir: DirectoryProperty
    @get:Internal abstract val ndkDirectory: DirectoryProperty
    @get:Input abstract val abis: ListProperty<String>
    @get:Input abstract val minSdk: Property<Int>
    @get:OutputDirectory abstract val outputDir: DirectoryProperty

    @TaskAction
    fun build() {
        checkCargoNdk()
        val out = outputDir.get().asFile.apply { deleteRecursively(); mkdirs() }
        exec.exec {
            workingDir = workspace.get().asFile
            environment("ANDROID_NDK_HOME", ndkDirectory.get().asFile.absolutePath)
            val pageSize = "-C link-arg=-Wl,-z,max-page-size=16384"
            listOf("AARCH64_LINUX_ANDROID", "ARMV7_LINUX_ANDROIDEABI", "X86_64_LINUX_ANDROID").forEach {
                environment("CARGO_TARGET_${it}_RUSTFLAGS", pageSize)
            }
            Cargo.command(
                this,
                cargoDir.get().asFile,
                listOf("ndk", "--platform", minSdk.get().toString(), "-o", out.absolutePath) +
                    abis.get().flatMap { listOf("-t", it) } +
                    listOf("build", "--release", "-p", "solitaire-ffi"),
            )
        }
    }

    /**
     * cargo-ndk 4.0.0 to 4.0.2 read `-p` as their platform flag, so `-p solitaire-ffi` failed
     * with an unhelpful message: say what to install instead.
     */
    private fun checkCargoNdk() {
        val output = ByteArrayOutputStream()
        val result = exec.exec {
            Cargo.command(this, cargoDir.get().asFile, listOf("ndk", "--version"))
            standardOutput = output
            errorOutput = ByteArrayOutputStream()
            isIgnoreExitValue = true
        }
        val found = Regex("""(\d+)\.(\d+)\.(\d+)""").find(output.toString())?.groupValues?.drop(1)?.map { it.toInt() }
        val newEnough = found != null &&
            found.zip(MIN_CARGO_NDK).firstOrNull { (have, need) -> have != need }?.let { (have, need) -> have > need } ?: true
        if (result.exitValue != 0 || !newEnough) {
            throw GradleException(
                "cargo-ndk ${MIN_CARGO_NDK.joinToString(".")} or later is needed (found: " +
                    "${found?.joinToString(".") ?: "none"}): cargo install cargo-ndk --force",
            )
        }
    }

    private companion object {
        val MIN_CARGO_NDK = listOf(4, 0, 3)
    }
}

/**
 * Generates the Kotlin bindings (package app.solitaire.core) with the workspace's own
 * uniffi-bindgen from the arm64 library cargo-ndk just built: uniffi reads the metadata from the
 * file without loading it, so every host (Linux, macOS, Windows) builds the same way.
 */
abstract class UniffiBindingsTask @Inject constructor(private val exec: ExecOperations) : DefaultTask() {
    @get:Internal abstract val workspace: DirectoryProperty
    @get:Internal abstract val cargoDir: DirectoryProperty
    @get:InputFile abstract val library: RegularFileProperty
    @get:OutputDirectory abstract val outputDir: DirectoryProperty

    @TaskAction
    fun generate() {
        val out = outputDir.get().asFile.apply { deleteRecursively(); mkdirs() }
        exec.exec {
            workingDir = workspace.get().asFile
            Cargo.command(
                this,
                cargoDir.get().asFile,
                listOf(
                    "run", "-p", "uniffi-bindgen", "--",
                    "generate", "--no-format", "--language", "kotlin",
                    "--out-dir", out.absolutePath, library.get().asFile.absolutePath,
                ),
            )
        }
    }
}

val cargoNdk = tasks.register<CargoNdkTask>("cargoNdkBuild") {
    workspace.set(cargoWorkspace)
    cargoDir.set(cargoBinDir)
    ndkDirectory.set(androidComponents.sdkComponents.ndkDirectory)
    abis.set(androidAbis)
    minSdk.set(libs.versions.minSdk.get().toInt())
    outputs.upToDateWhen { false } // cargo knows best whether the Rust code changed
}

val uniffiBindings = tasks.register<UniffiBindingsTask>("uniffiBindings") {
    dependsOn(cargoNdk)
    workspace.set(cargoWorkspace)
    cargoDir.set(cargoBinDir)
    library.set(cargoNdk.flatMap { it.outputDir.file("arm64-v8a/libsolitaire_ffi.so") })
    outputs.upToDateWhen { false }
}

// Each output folder is AGP's to choose (`addGeneratedSourceDirectory` sets it:
// build/generated/jniLibs/cargoNdkBuild and build/generated/kotlin/uniffiBindings).
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
