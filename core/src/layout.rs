//! Table layout: where each pile and card goes on screen (to be written).
