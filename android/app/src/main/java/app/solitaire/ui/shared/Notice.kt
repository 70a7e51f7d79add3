package app.solitaire.ui.shared

/** What may interrupt play: at most one at a time, the newest wins. */
sealed interface Notice {
    data object Won : Notice
    data object NoMoreMoves : Notice
    data object Unwinnable : Notice
    /** The game in progress would be thrown away: ask first. */
    data class Confirm(val action: NewGame) : Notice
    data object AskDealNumber : Notice
}

/** The ways to leave the current deal. */
sealed interface NewGame {
    data object Random : NewGame
    data object Winnable : NewGame
    data class Deal(val number: ULong) : NewGame
    data object Restart : NewGame
}
