import SolitaireCore

public extension Viewport {
    /// The drawing area of `width` × `height` points with the safe-area insets as a layout
    /// reports them, by leading and trailing edge. The core's coordinates always run left to
    /// right, so in a right-to-left language the leading inset is the right one.
    init(width: Float, height: Float, top: Float, leading: Float, bottom: Float, trailing: Float, rightToLeft: Bool) {
        self.init(
            width: width,
            height: height,
            insetTop: top,
            insetLeft: rightToLeft ? trailing : leading,
            insetBottom: bottom,
            insetRight: rightToLeft ? leading : trailing
        )
    }
}
