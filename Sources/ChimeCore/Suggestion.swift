/// Finds the valid spelling a mistyped word was probably meant to be.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
    ///
    /// Distance counts insertions, deletions, substitutions and swaps of neighbouring characters
    /// (`fats` is one step from `fast`), ignoring case. A candidate qualifies within
    /// `max(2, word.count / 3)` steps. Of equally close ones, a candidate that `word` begins
    /// (an unfinished word: `--ag` is `--ago` rather than `--tag`) comes first, then the earlier
    /// candidate, so table order decides.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = max(2, word.count / 3)
        let typed = word.lowercased()
        var best: (candidate: String, rank: (Int, Int))?
        for candidate in candidates {
            let spelled = candidate.lowercased()
            let distance = editDistance(typed, spelled)
            let rank = (distance, spelled.hasPrefix(typed) ? 0 : 1)
            if distance <= limit, best.map({ rank < $0.rank }) ?? true {
                best = (candidate, rank)
            }
        }
        return best?.candidate
    }

    /// The optimal-string-alignment distance between `a` and `b` (Levenshtein plus adjacent swaps).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rolling rows suffice: a swap looks back two rows.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
