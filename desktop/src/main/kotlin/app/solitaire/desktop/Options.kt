package app.solitaire.desktop

import java.io.File

/**
 * What the window was asked to open: `[game] [--deal N] [--daily] [--data-dir DIR] [--lang en|fr]`,
 * as `solitaire play`. `lang` is null when not given: the system's language then.
 */
data class Options(val game: String?, val deal: ULong?, val daily: Boolean, val dataDir: String?, val lang: String? = null) {
    companion object {
        /** The options, or a one-line complaint about them. */
        fun parse(args: List<String>): Result<Options> {
            var game: String? = null
            var deal: ULong? = null
            var daily = false
            var dataDir: String? = null
            var lang: String? = null
            val rest = args.iterator()
            while (rest.hasNext()) {
                when (val arg = rest.next()) {
                    "--deal" -> deal = rest.nextOrNull()?.toULongOrNull() ?: return fail("--deal needs a deal number")
                    "--daily" -> daily = true
                    "--lang" -> lang = rest.nextOrNull()?.takeIf { it in LANGUAGES } ?: return fail("--lang takes en or fr")
                    "--data-dir" -> dataDir = rest.nextOrNull()?.takeIf { it.isNotEmpty() } ?: return fail("--data-dir needs a directory")
                    else -> if (arg.startsWith("-") || game != null) return fail("unexpected argument '$arg'") else game = arg
                }
            }
            if (daily && deal != null) return fail("--daily and --deal do not go together")
            if ((daily || deal != null) && game == null) return fail("name the game to deal: e.g. dnieper")
            return Result.success(Options(game, deal, daily, dataDir, lang))
        }

        /** The languages the catalogue has (android/app/src/main/res/values/words.xml, values-fr/words.xml). */
        val LANGUAGES = listOf("en", "fr")

        private fun fail(why: String) = Result.failure<Options>(IllegalArgumentException(why))

        private fun Iterator<String>.nextOrNull() = if (hasNext()) next() else null
    }
}

/**
 * The terminal game's store directory (`default_data_dir` in cli/src/play.rs), so that both play
 * the same saved games: `$XDG_DATA_HOME/solitaire`, else `$HOME/.local/share/solitaire`
 * (`$HOME/Library/Application Support/solitaire` on macOS). The desktop test checks the two agree.
 */
fun defaultDataDir(env: Map<String, String>, osName: String): File {
    env["XDG_DATA_HOME"]?.takeIf { it.isNotEmpty() }?.let { return File(it, "solitaire") }
    val home = File(env["HOME"]?.takeIf { it.isNotEmpty() } ?: ".")
    return if (osName.startsWith("Mac")) File(home, "Library/Application Support/solitaire") else File(home, ".local/share/solitaire")
}
