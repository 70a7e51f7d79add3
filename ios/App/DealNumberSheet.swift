import Foundation
import SwiftUI

/// Asks for a deal number: the same number deals the same game on every device.
@MainActor
struct DealNumberSheet: View {
    let onDeal: @MainActor (UInt64) -> Void
    @State private var text = ""
    @Environment(\.dismiss) private var dismiss

    init(onDeal: @escaping @MainActor (UInt64) -> Void) {
        self.onDeal = onDeal
    }

    var body: some View {
        Form {
            TextField("Deal number", text: $text)
                .keyboardType(.numberPad)
                .onSubmit { deal() }
        }
        .navigationTitle("Deal by number")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                Button("Cancel") { dismiss() }
            }
            ToolbarItem(placement: .confirmationAction) {
                Button("Deal") { deal() }
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
