// Every libical function ChimeCalendar calls: return type, name, libical's parameters, and the
// arguments passed on. A call to a libical function missing here fails to link (an undefined
// reference to it): add its line, with the parameters of its declaration in <libical/ical.h>
// (LibicalLoader.c does not compile when they differ).
//
// An X-macro list for CHIME_FORWARDED_LIBRARY (CLibraryForwarders.h), which LibicalLoader.c
// expands.

#define CHIME_LIBICAL_FUNCTIONS(FUNCTION, VOID_FUNCTION, TAKEN) \
    VOID_FUNCTION(icalcomponent_add_component, (icalcomponent* parent, icalcomponent* child), (parent, child)) \
    VOID_FUNCTION(icalcomponent_add_property, (icalcomponent* component, icalproperty* property), (component, property)) \
    FUNCTION(char*, icalcomponent_as_ical_string_r, (icalcomponent* component), (component)) \
    VOID_FUNCTION(icalcomponent_free, (icalcomponent* component), (component)) \
    FUNCTION(icalcomponent*, icalcomponent_get_first_component, (icalcomponent* component, icalcomponent_kind kind), (component, kind)) \
    FUNCTION(icalproperty*, icalcomponent_get_first_property, (icalcomponent* component, icalproperty_kind kind), (component, kind)) \
    FUNCTION(icalcomponent*, icalcomponent_get_next_component, (icalcomponent* component, icalcomponent_kind kind), (component, kind)) \
    FUNCTION(icalproperty*, icalcomponent_get_next_property, (icalcomponent* component, icalproperty_kind kind), (component, kind)) \
    FUNCTION(icalcomponent_kind, icalcomponent_isa, (const icalcomponent* component), (component)) \
    FUNCTION(icalcomponent*, icalcomponent_new, (icalcomponent_kind kind), (kind)) \
    FUNCTION(icalcomponent*, icalcomponent_new_clone, (icalcomponent* component), (component)) \
    FUNCTION(struct icaldurationtype, icaldurationtype_from_int, (int t), (t)) \
    FUNCTION(icalerrorenum*, icalerrno_return, (void), ()) \
    VOID_FUNCTION(icalerror_clear_errno, (void), ()) \
    VOID_FUNCTION(icalerror_set_errors_are_fatal, (int fatal), (fatal)) \
    FUNCTION(const char*, icalerror_strerror, (icalerrorenum e), (e)) \
    VOID_FUNCTION(icalmemory_free_buffer, (void* buf), (buf)) \
    FUNCTION(icalparameter_range, icalparameter_get_range, (const icalparameter* value), (value)) \
    FUNCTION(icalparameter_related, icalparameter_get_related, (const icalparameter* value), (value)) \
    FUNCTION(const char*, icalparameter_get_tzid, (const icalparameter* value), (value)) \
    FUNCTION(icalparameter*, icalparameter_new_related, (icalparameter_related v), (v)) \
    FUNCTION(icalparameter*, icalparameter_new_tzid, (const char* v), (v)) \
    FUNCTION(icalcomponent*, icalparser_parse_string, (const char* str), (str)) \
    VOID_FUNCTION(icalproperty_add_parameter, (icalproperty* prop, icalparameter* parameter), (prop, parameter)) \
    FUNCTION(struct icaltimetype, icalproperty_get_acknowledged, (const icalproperty* prop), (prop)) \
    FUNCTION(enum icalproperty_action, icalproperty_get_action, (const icalproperty* prop), (prop)) \
    FUNCTION(struct icaltimetype, icalproperty_get_dtstart, (const icalproperty* prop), (prop)) \
    FUNCTION(struct icaldurationtype, icalproperty_get_duration, (const icalproperty* prop), (prop)) \
    FUNCTION(icalparameter*, icalproperty_get_first_parameter, (icalproperty* prop, icalparameter_kind kind), (prop, kind)) \
    FUNCTION(int, icalproperty_get_priority, (const icalproperty* prop), (prop)) \
    FUNCTION(struct icaldatetimeperiodtype, icalproperty_get_rdate, (const icalproperty* prop), (prop)) \
    FUNCTION(int, icalproperty_get_repeat, (const icalproperty* prop), (prop)) \
    FUNCTION(struct icalrecurrencetype, icalproperty_get_rrule, (const icalproperty* prop), (prop)) \
    FUNCTION(int, icalproperty_get_sequence, (const icalproperty* prop), (prop)) \
    FUNCTION(enum icalproperty_status, icalproperty_get_status, (const icalproperty* prop), (prop)) \
    FUNCTION(struct icaltriggertype, icalproperty_get_trigger, (const icalproperty* prop), (prop)) \
    FUNCTION(const char*, icalproperty_get_tzid, (const icalproperty* prop), (prop)) \
    FUNCTION(int, icalproperty_get_tzoffsetfrom, (const icalproperty* prop), (prop)) \
    FUNCTION(int, icalproperty_get_tzoffsetto, (const icalproperty* prop), (prop)) \
    FUNCTION(icalvalue*, icalproperty_get_value, (const icalproperty* prop), (prop)) \
    FUNCTION(char*, icalproperty_get_value_as_string_r, (const icalproperty* prop), (prop)) \
    FUNCTION(const char*, icalproperty_get_x_name, (icalproperty* prop), (prop)) \
    FUNCTION(const char*, icalproperty_get_xlicerror, (const icalproperty* prop), (prop)) \
    FUNCTION(icalproperty_kind, icalproperty_isa, (icalproperty* property), (property)) \
    FUNCTION(const char*, icalproperty_kind_to_string, (icalproperty_kind kind), (kind)) \
    FUNCTION(icalproperty*, icalproperty_new_action, (enum icalproperty_action v), (v)) \
    FUNCTION(icalproperty*, icalproperty_new_description, (const char* v), (v)) \
    FUNCTION(icalproperty*, icalproperty_new_dtstamp, (struct icaltimetype v), (v)) \
    FUNCTION(icalproperty*, icalproperty_new_dtstart, (struct icaltimetype v), (v)) \
    FUNCTION(icalproperty*, icalproperty_new_duration, (struct icaldurationtype v), (v)) \
    FUNCTION(icalproperty*, icalproperty_new_prodid, (const char* v), (v)) \
    FUNCTION(icalproperty*, icalproperty_new_rrule, (struct icalrecurrencetype v), (v)) \
    FUNCTION(icalproperty*, icalproperty_new_summary, (const char* v), (v)) \
    FUNCTION(icalproperty*, icalproperty_new_trigger, (struct icaltriggertype v), (v)) \
    FUNCTION(icalproperty*, icalproperty_new_uid, (const char* v), (v)) \
    FUNCTION(icalproperty*, icalproperty_new_version, (const char* v), (v)) \
    VOID_FUNCTION(icalproperty_set_tzid, (icalproperty* prop, const char* v), (prop, v)) \
    FUNCTION(char*, icalrecurrencetype_as_string_r, (struct icalrecurrencetype* recur), (recur)) \
    FUNCTION(struct icalrecurrencetype, icalrecurrencetype_from_string, (const char* str), (str)) \
    FUNCTION(struct icaltimetype, icaltime_from_string, (const char* str), (str)) \
    FUNCTION(struct icaltimetype, icaltime_from_timet_with_zone, (const time_t tm, const int is_date, const icaltimezone* zone), (tm, is_date, zone)) \
    FUNCTION(int, icaltime_is_null_time, (const struct icaltimetype t), (t)) \
    FUNCTION(int, icaltime_is_utc, (const struct icaltimetype t), (t)) \
    FUNCTION(int, icaltime_is_valid_time, (const struct icaltimetype t), (t)) \
    FUNCTION(struct icaltimetype, icaltime_null_time, (void), ()) \
    FUNCTION(struct icaltimetype, icaltime_set_timezone, (struct icaltimetype* t, const icaltimezone* zone), (t, zone)) \
    FUNCTION(icaltimezone*, icaltimezone_get_builtin_timezone, (const char* location), (location)) \
    FUNCTION(icalcomponent*, icaltimezone_get_component, (icaltimezone* zone), (zone)) \
    FUNCTION(icaltimezone*, icaltimezone_get_utc_timezone, (void), ()) \
    VOID_FUNCTION(icaltimezone_truncate_vtimezone, (icalcomponent* vtz, icaltimetype start, icaltimetype end, int ms_compatible), (vtz, start, end, ms_compatible)) \
    FUNCTION(struct icaltriggertype, icaltriggertype_from_int, (const int reltime), (reltime)) \
    FUNCTION(struct icaltimetype, icalvalue_get_date, (const icalvalue* value), (value)) \
    FUNCTION(struct icaltimetype, icalvalue_get_datetime, (const icalvalue* value), (value)) \
    FUNCTION(struct icaldatetimeperiodtype, icalvalue_get_datetimeperiod, (const icalvalue* value), (value)) \
    FUNCTION(struct icalperiodtype, icalvalue_get_period, (const icalvalue* value), (value)) \
    FUNCTION(const char*, icalvalue_get_text, (const icalvalue* value), (value)) \
    FUNCTION(const char*, icalvalue_get_uri, (const icalvalue* value), (value)) \
    FUNCTION(icalvalue_kind, icalvalue_isa, (const icalvalue* value), (value))
