package app.solitaire.ui.proof

import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.LocalSaveableStateRegistry
import androidx.compose.runtime.saveable.SaveableStateRegistry
import androidx.compose.runtime.setValue
import androidx.compose.ui.test.assertTextContains
import androidx.compose.ui.test.hasSetTextAction
import androidx.compose.ui.test.junit4.v2.createComposeRule
import androidx.compose.ui.test.performTextInput
import app.solitaire.core.GameKind
import app.solitaire.ui.shared.NoticeDialogs
import org.junit.Rule
import org.junit.Test

class DialogsTest {
    @get:Rule
    val rule = createComposeRule()

    /**
     * A rotation recreates the dialog from its saved state (as Android does; Compose's own
     * StateRestorationTester is not implemented on the desktop): the number typed stays.
     */
    @Test
    fun theDealNumberTypedSurvivesARotation() {
        val controller = controller(GameKind.ZERLINE)
        controller.askDealNumber()
        var registry by mutableStateOf(SaveableStateRegistry(null) { true })
        var shown by mutableStateOf(true)
        rule.setContent {
            if (shown) {
                CompositionLocalProvider(LocalSaveableStateRegistry provides registry) {
                    Themed(dark = false) { NoticeDialogs(controller, onBackToGames = {}) }
                }
            }
        }
        rule.onNode(hasSetTextAction()).performTextInput("4321")
        val saved = rule.runOnIdle { registry.performSave() }
        shown = false
        rule.waitForIdle()
        registry = SaveableStateRegistry(saved) { true }
        shown = true
        rule.onNode(hasSetTextAction()).assertTextContains("4321")
    }
}
