package app.solitaire.desktop

import java.io.File

/** What the window was asked to open: `[game] [--deal N] [--daily] [--data-dir DIR]`, as `solitaire play`. */
data class Options(val game: String?, val deal: ULong?, val daily: Boolean, val dataDir: String?) {
    companion object {
        /** The options, or a one-line complaint about them. */
        fun parse(args: List<String>): Result<Options> {
            var game: String? = null
            var deal: ULong? = null
            var daily = false
            var dataDir: String? = null
            val rest = args.iterator()
            while (rest.hasNext()) {
                when (val arg = rest.next()) {
                    "--deal" -> deal = rest.nextOrNull()?.toULongOrNull() ?: return fail("--deal needs a deal number")
                    "--daily" -> daily = true
                    "--data-dir" -> dataDir = rest.nextOrNull()?.takeIf { it.isNotEmpty() } ?: return fail("--data-dir needs a directory")
                    else -> if (arg.startsWith("-") || game != null) return fail("unexpected argument '$arg'") else game = arg
                }
            }
            if (daily && deal != null) return fail("--daily and --deal do not go together")
            if ((daily || deal != null) && game == null) return fail("name the game to deal: e.g. dnieper")
            return Result.success(Options(game, deal, daily, dataDir))
        }

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
