buildscript {
    repositories {
        google()
        mavenCentral()
    }
    dependencies {
        // AGP 9 compiles Kotlin itself (built-in Kotlin) with the Kotlin Gradle plugin it brings;
        // raising that plugin here keeps it at the Compose compiler plugin's version, as the
        // built-in Kotlin migration guide describes.
        classpath(libs.kotlin.gradle.plugin)
    }
}

plugins {
    alias(libs.plugins.android.application) apply false
    alias(libs.plugins.kotlin.compose) apply false
}
