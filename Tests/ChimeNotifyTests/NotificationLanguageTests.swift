import ChimeNotify
import Testing

struct NotificationLanguageTests {
    @Test(arguments: [
        ([:], NotificationLanguage.english),
        (["LANG": "zh_CN.UTF-8"], .simplifiedChinese),
        (["LANG": "zh_SG"], .simplifiedChinese),
        (["LANG": "zh"], .simplifiedChinese),
        (["LANG": "en_US.UTF-8"], .english),
        (["LANG": "C"], .english),
        (["LANG": "zhx_XX"], .english),
        (["LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"], .simplifiedChinese),
        (["LANG": "zh_CN.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"], .english),
        (["LC_MESSAGES": "en_GB.UTF-8", "LC_ALL": "zh_CN.UTF-8"], .simplifiedChinese),
        (["LC_ALL": "C", "LANG": "zh_CN.UTF-8"], .english),
        (["LC_ALL": "", "LC_MESSAGES": "", "LANG": "zh_TW.UTF-8"], .simplifiedChinese),
        (["LANG": "zh_CN@stroke"], .simplifiedChinese),
    ] as [([String: String], NotificationLanguage)])
    func localeVariablesChooseTheLanguage(environment: [String: String], expected: NotificationLanguage) {
        #expect(NotificationLanguage.preferred(environment: environment) == expected)
    }
}
