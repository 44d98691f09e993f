import ChimeCore

extension FastingPlan {
    /// The name people know the plan by: a preset's name when it is one (`16:8`, `36h`), else the
    /// canonical spelling (`90m:30m`). Reads back to the same plan.
    public var displayName: String {
        Self.presets.first { $0.plan == self }?.name ?? description
    }
}
