/// Numbers written as C's `printf` writes `%W.Df` and `%0Wd` (what `String(format:)` gave), in
/// pure Swift: Foundation's `String(format:)` would link swift-corelibs-foundation into `chime`.
public enum FixedPointText {
    /// `value` with `fractionDigits` (0-3) digits after the point, rounded as `printf` rounds: the
    /// exact binary value to the nearest, ties to even (`0.25` is `0.2`, `0.35` is `0.3`, because
    /// the double nearest 0.35 is below it); right-aligned in `width` with spaces. `-0.0` keeps its sign.
    public static func fixed(_ value: Double, fractionDigits: Int, width: Int = 0) -> String {
        precondition((0...3).contains(fractionDigits), "fractionDigits is 0 to 3")
        let sign = value.sign == .minus ? "-" : ""
        let body: String
        if value.isNaN {
            body = "nan"
        } else if value.isInfinite {
            body = "inf"
        } else {
            body = digits(of: value.magnitude, fractionDigits: fractionDigits)
        }
        return padded(sign + body, width: width, with: " ")
    }

    /// `value` in decimal, with zeros in front up to `width` digits (after a minus sign).
    public static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + padded(digits, width: width - (value < 0 ? 1 : 0), with: "0")
    }

    private static func padded(_ text: String, width: Int, with pad: Character) -> String {
        text.count >= width ? text : String(repeating: pad, count: width - text.count) + text
    }

    /// The digits of the finite, non-negative `magnitude`, rounded exactly.
    private static func digits(of magnitude: Double, fractionDigits: Int) -> String {
        let whole = magnitude.rounded(.down)
        let fraction = magnitude - whole  // exact: both share the binade's grid
        let scale: UInt64 = [1, 10, 100, 1000][fractionDigits]
        var scaled = scaledFraction(fraction, scale: scale, wholeIsOdd: isOdd(whole))
        var integer = integerDigits(whole)
        if scaled == scale {
            scaled = 0
            integer = incremented(integer)
        }
        guard fractionDigits > 0 else { return integer }
        let fractionText = String(scaled)
        return integer + "." + String(repeating: "0", count: fractionDigits - fractionText.count) + fractionText
    }

    /// `fraction * scale` (`fraction` in [0, 1)) rounded to the nearest integer, ties to even; a
    /// tie with `scale` 1 rounds by the whole part's parity.
    private static func scaledFraction(_ fraction: Double, scale: UInt64, wholeIsOdd: Bool) -> UInt64 {
        guard fraction > 0 else { return 0 }
        // fraction = significand / 2^shift exactly, with a 53-bit significand.
        let exponent = Int(fraction.exponent)
        let significand = (fraction.significandBitPattern | (fraction.isNormal ? 1 << 52 : 0))
        let shift = 52 - exponent
        // Below 2^-12 the scaled value is under 1000 / 4096 < 0.5: it rounds to zero.
        guard shift <= 64 else { return 0 }
        let product = significand * scale  // < 2^53 * 1000 < 2^63
        let quotient = shift == 64 ? 0 : product >> UInt64(shift)
        let remainder = product - (shift == 64 ? 0 : quotient << UInt64(shift))
        let half: UInt64 = 1 << UInt64(shift - 1)
        let lastIsOdd = scale == 1 ? wholeIsOdd : quotient & 1 == 1
        if remainder > half || (remainder == half && lastIsOdd) { return quotient + 1 }
        return quotient
    }

    private static func isOdd(_ whole: Double) -> Bool {
        whole < 0x1p53 && UInt64(whole) & 1 == 1
    }

    /// The decimal digits of a whole, non-negative double, however large.
    private static func integerDigits(_ whole: Double) -> String {
        if whole < 0x1p63 { return String(UInt64(whole)) }
        // whole = significand * 2^(exponent - 52), the significand's bits all integral.
        var digits: [UInt8] = Array(String(UInt64(whole.significandBitPattern | 1 << 52)).utf8).map { $0 - 48 }
        for _ in 0..<(Int(whole.exponent) - 52) {
            var carry: UInt8 = 0
            for index in digits.indices.reversed() {
                let doubled = digits[index] * 2 + carry
                digits[index] = doubled % 10
                carry = doubled / 10
            }
            if carry > 0 { digits.insert(carry, at: 0) }
        }
        return String(decoding: digits.map { $0 + 48 }, as: UTF8.self)
    }

    private static func incremented(_ integer: String) -> String {
        var digits = Array(integer.utf8)
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] == UInt8(ascii: "9") {
                digits[index] = UInt8(ascii: "0")
                index -= 1
            } else {
                digits[index] += 1
                return String(decoding: digits, as: UTF8.self)
            }
        }
        return "1" + String(decoding: digits, as: UTF8.self)
    }
}
