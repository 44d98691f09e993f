/// Where two texts differ, line by line, as `diff` shows it: the lines only the recorded text
/// has (`- 12: ...`, its line number) and those only the current text has (`+ 12: ...`), in
/// order, from a longest common subsequence of lines, so one line changed is two lines here
/// rather than a difference at every line after it.
enum LineDifference {
    /// The differing lines of `current` against `recorded`; empty when the texts are equal.
    static func lines(recorded: String, current: String) -> [String] {
        guard recorded != current else { return [] }
        let old = recorded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = current.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // common[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var result: [String] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                i += 1
                j += 1
            } else if j == new.count || (i < old.count && common[i + 1][j] >= common[i][j + 1]) {
                result.append("- \(i + 1): \(old[i])")
                i += 1
            } else {
                result.append("+ \(j + 1): \(new[j])")
                j += 1
            }
        }
        // Unequal texts never give an empty result: the split keeps every "\n", empty lines too.
        return result
    }
}
