import Testing

/// The comparison behind ``ReleaseStoreFixtureTests``: equal documents give no line, and each
/// difference is one line that says where and what.
@Suite("JSON answers compared as values")
struct JSONValueTests {
    @Test("key order and spacing do not matter; values, types and keys do")
    func equality() throws {
        #expect(try JSONValue.parse(#"{"a": 1, "b": [true, null, "x"]}"#) == JSONValue.parse(#"{"b":[true,null,"x"],"a":1.0}"#))
        #expect(try JSONValue.parse("true") != JSONValue.parse("1"))
        #expect(try JSONValue.parse(#"{"a": 1}"#) != JSONValue.parse(#"{"a": 1, "b": null}"#))
        #expect(try JSONValue.parse(#"["a", "b"]"#) != JSONValue.parse(#"["b", "a"]"#))
        #expect(throws: (any Error).self) { try JSONValue.parse("{\"a\": ") }
    }

    @Test("each difference is one line naming its path, what was recorded and what is there now")
    func differencesByPath() throws {
        let recorded = try JSONValue.parse(#"{"fast": {"phase": "fasting", "progress": 0.25}, "water": null, "held": 0}"#)
        let current = try JSONValue.parse(#"{"fast": {"phase": "eating", "progress": 0.25}, "water": {"consumed_ml": 300}, "away": false}"#)
        #expect(current.differences(from: recorded) == [
            "$.away: not recorded, now false",
            #"$.fast.phase: recorded "fasting", now "eating""#,
            "$.held: recorded 0, now missing",
            #"$.water: recorded null, now {"consumed_ml":300}"#,
        ])
        #expect(recorded.differences(from: recorded).isEmpty)
    }

    @Test("elements with ids are matched by id: one added, gone or moved is one line")
    func arraysMatchedByID() throws {
        let recorded = try JSONValue.parse(#"[{"id": "a", "due": 1}, {"id": "b", "due": 2}, {"id": "c", "due": 3}]"#)
        let current = try JSONValue.parse(#"[{"id": "c", "due": 3}, {"id": "a", "due": 1}, {"id": "d", "due": 4}]"#)
        #expect(current.differences(from: recorded) == [
            #"$[id=b]: recorded {"due":2,"id":"b"}, now missing"#,
            #"$[id=d]: not recorded, now {"due":4,"id":"d"}"#,
            #"$: order recorded ["a", "c"], now ["c", "a"]"#,
        ])
    }

    @Test("the records of a repeating fast, one per cycle, are matched by id and cycle")
    func arraysMatchedByIDAndCycle() throws {
        let recorded = try JSONValue.parse(#"[{"id": "f-roll", "cycle": 0, "completed": true}, {"id": "f-roll", "cycle": 1, "completed": false}]"#)
        let current = try JSONValue.parse(#"[{"id": "f-roll", "cycle": 0, "completed": true}, {"id": "f-roll", "cycle": 1, "completed": true}]"#)
        #expect(current.differences(from: recorded) == ["$[id=f-roll, cycle=1].completed: recorded false, now true"])
    }

    @Test("arrays without ids are compared index by index")
    func arraysByIndex() throws {
        let recorded = try JSONValue.parse(#"[{"date": "2027-02-07", "hours": 16}, {"date": "2027-02-08", "hours": 4}]"#)
        let current = try JSONValue.parse(#"[{"date": "2027-02-07", "hours": 16.5}]"#)
        #expect(current.differences(from: recorded) == [
            "$[0].hours: recorded 16, now 16.5",
            #"$[1]: recorded {"date":"2027-02-08","hours":4}, now missing"#,
        ])
    }
}

/// The comparison of text answers: the lines only one side has, with their line numbers.
@Suite("Text answers compared by line")
struct LineDifferenceTests {
    @Test("a changed line is one line out and one in; the lines around it are not reported")
    func changedLine() {
        let recorded = "Fast f-3k9 (16:8): fasting\n  started 20:00\n  ends 12:00\n"
        let current = "Fast f-3k9 (16:8): eating\n  started 20:00\n  ends 12:00\n"
        #expect(LineDifference.lines(recorded: recorded, current: current) == [
            "- 1: Fast f-3k9 (16:8): fasting",
            "+ 1: Fast f-3k9 (16:8): eating",
        ])
        #expect(LineDifference.lines(recorded: recorded, current: recorded).isEmpty)
    }

    @Test("lines added and removed, and a missing final newline, are reported")
    func addedRemovedAndEnding() {
        #expect(LineDifference.lines(recorded: "a\nb\nc\n", current: "a\nc\nd\n") == ["- 2: b", "+ 3: d"])
        #expect(LineDifference.lines(recorded: "a\n", current: "a") == ["- 2: "])
    }
}
