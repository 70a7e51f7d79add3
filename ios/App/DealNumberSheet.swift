import Foundation
import SolitaireModel
import SwiftUI

/// Asks for a deal number: the same number deals the same game on every device.
@MainActor
struct DealNumberSheet: View {
    let onDeal: @MainActor (UInt64) -> Void
    @State private var text = ""
    /// The field has the keyboard as the sheet opens: the number is what the sheet is for.
    @FocusState private var typing: Bool
    @Environment(\.dismiss) private var dismiss
    @Environment(\.words) private var words

    init(onDeal: @escaping @MainActor (UInt64) -> Void) {
        self.onDeal = onDeal
    }

    var body: some View {
        Form {
            TextField(words.text("ui_deal_number"), text: $text)
                .keyboardType(.numberPad)
                .focused($typing)
                // A hardware keyboard's Return (the number pad has none: the Deal button).
                .onSubmit { deal() }
        }
        .onAppear { typing = true }
        .navigationTitle(words.text("ui_deal_by_number_title"))
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button(words.text("ui_cancel")) { dismiss() }
            }
            ToolbarItem(placement: .confirmationAction) {
                Button(words.text("ui_deal_button")) { deal() }
                    .disabled(number == nil)
            }
        }
    }

    private var number: UInt64? {
        UInt64(text.trimmingCharacters(in: .whitespaces))
    }

    private func deal() {
        guard let number else { return }
        onDeal(number)
        dismiss()
    }
}
