import Foundation

/// The messages of the sample Maildir and the benchmark generator.
enum SampleCatalogue {
    static let me = "Alex Kuznetsov <alex@slate.example>"
    static let meRu = MIMEEncoder.address("Алексей Кузнецов", "alex@slate.example")

    /// A 1×1 PNG.
    static let tinyPNG: [UInt8] = Array(
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")
            ?? Data())

    /// A small PDF-looking file.
    static func pdf(_ title: String) -> [UInt8] {
        Array("%PDF-1.4\n1 0 obj << /Title (\(title)) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)
    }

    // swiftlint:disable function_body_length
    static func messages() -> [SampleMessage] {
        let anna = MIMEEncoder.address("Анна Смирнова", "anna.smirnova@example.ru")
        let john = "John Carter <john.carter@example.com>"
        let petr = MIMEEncoder.address("Пётр Иванов", "p.ivanov@example.ru", charset: "KOI8-R")
        var list: [SampleMessage] = []

        // MARK: Inbox
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 3, flags: [], from: anna, to: meRu,
                subject: MIMEEncoder.encodedWord("Встреча завтра"),
                part: .text(
                    """
                    Привет, Алексей!

                    Напоминаю, что завтра в 10:00 у нас встреча в переговорной «Нева».
                    Захвати, пожалуйста, распечатку квартального отчёта.

                    До встречи,
                    Анна
                    """)))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 5, flags: [.seen, .flagged], from: john, to: me,
                subject: "Meeting tomorrow at 10:00",
                part: .text(
                    """
                    Hi Alex,

                    Just a reminder that we're meeting tomorrow at 10:00 in the Thames room.
                    I'll bring the latest mock-ups; could you bring the budget figures?

                    Cheers,
                    John
                    """, charset: "us-ascii", encoding: .sevenBit)))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 26, flags: [.seen, .replied], from: petr, to: meRu,
                subject: MIMEEncoder.encodedWord("Отчёт за квартал", charset: "KOI8-R"),
                part: .text(
                    """
                    Алексей, добрый день.

                    Отчёт за третий квартал готов: выручка выросла на 12%, расходы
                    остались в пределах плана. Подробности обсудим на встрече.

                    С уважением,
                    Пётр Иванов
                    """, charset: "KOI8-R", encoding: .eightBit)))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 30, flags: [],
                from: MIMEEncoder.address("Бухгалтерия ООО «Ромашка»", "buh@romashka.example", charset: "windows-1251"),
                to: meRu, subject: MIMEEncoder.encodedWord("Счёт на оплату №1452", charset: "windows-1251"),
                part: .multipart(
                    "mixed",
                    [
                        .text(
                            """
                            Здравствуйте!

                            Направляем счёт №1452 от 3 числа на сумму 15 400,00 руб.
                            Просим оплатить в течение пяти рабочих дней.

                            Бухгалтерия ООО «Ромашка»
                            """, charset: "windows-1251", encoding: .quotedPrintable),
                        .file(name: "Счёт-1452.pdf", mimeType: "application/pdf", data: pdf("Invoice 1452")),
                    ])))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 50, flags: [.seen],
                from: MIMEEncoder.address("Jürgen Müller", "j.mueller@example.de"),
                to: me, subject: MIMEEncoder.qEncodedWord("Grüße aus München", charset: "ISO-8859-1"),
                part: .text(
                    """
                    Hallo Alex,

                    viele Grüße aus München! Das Oktoberfest war großartig, und das Wetter
                    spielte mit. Nächste Woche schicke ich dir die Fotos.

                    Bis bald,
                    Jürgen
                    """, charset: "ISO-8859-1", encoding: .quotedPrintable)))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 60, flags: [], from: "Slate Weekly <digest@news.slate.example>", to: me,
                subject: "Your weekly digest: 5 stories picked for you",
                part: .multipart(
                    "alternative",
                    [
                        .text(
                            """
                            This week on Slate:

                            1. Designing context menus that feel native
                            2. Window snapping, explained
                            3. A tour of the new Mail demo

                            Read more at https://slate.example/weekly
                            """, encoding: .quotedPrintable),
                        .text(
                            """
                            <html><head><style>h1 { color: #333; }</style></head><body>
                            <h1>This week on Slate</h1>
                            <ol><li>Designing context menus that feel native</li><li>Window snapping, explained</li>
                            <li>A tour of the new Mail demo</li></ol>
                            <p>Read more at <a href="https://slate.example/weekly">slate.example/weekly</a></p>
                            </body></html>
                            """, subtype: "html", encoding: .quotedPrintable),
                    ])))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 75, flags: [],
                from: MIMEEncoder.address("Магазин «Книжный угол»", "news@knigi.example"),
                to: meRu, subject: MIMEEncoder.encodedWord("Скидки недели: до −40% на классику"),
                part: .text(
                    """
                    <!DOCTYPE html><html><head><title>Скидки</title><style>p{margin:0}</style>
                    <script>console.log("tracking")</script></head><body>
                    <h2>Скидки недели</h2>
                    <p>Дорогой читатель!<br>На этой неделе &mdash; скидки до 40&nbsp;% на классику:</p>
                    <ul><li>Л. Толстой, &laquo;Война и мир&raquo;</li><li>Ф. Достоевский, &laquo;Идиот&raquo;</li>
                    <li>А. Чехов, &#171;Рассказы&#187;</li></ul>
                    <p>Ваш &laquo;Книжный угол&raquo;</p></body></html>
                    """, subtype: "html", encoding: .base64)))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 98, flags: [.seen], from: "Emily Watson <emily.watson@example.co.uk>", to: me,
                subject: "Photos from the trip",
                part: .multipart(
                    "mixed",
                    [
                        .text(
                            "Hi Alex,\n\nHere's the best shot from Saturday's hike. More to follow!\n\nEmily",
                            encoding: .sevenBit),
                        .file(name: "summit.png", mimeType: "image/png", data: tinyPNG),
                    ])))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 120, flags: [.seen, .replied], from: anna, to: meRu,
                subject: MIMEEncoder.encodedWord("Re: Отпуск в июле"),
                extraHeaders: [
                    "In-Reply-To: <vacation.1@slate.example>",
                    "References: <vacation.0@example.ru> <vacation.1@slate.example>",
                ],
                part: .text(
                    """
                    Алексей, согласовано: отпуск с 8 по 21 июля.
                    Не забудь передать дела Петру.

                    > Анна, можно мне взять отпуск с 8 июля на две недели?
                    """, encoding: .base64)))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 140, flags: [.seen], from: "Priya Natarajan <priya@example.org>", to: me,
                subject: "Re: Quarterly planning",
                extraHeaders: ["In-Reply-To: <planning.7@slate.example>", "References: <planning.7@slate.example>"],
                part: .text(
                    """
                    Sounds good to me — let's keep the scope small and ship the window manager first.
                    I've added three items to the planning doc; feel free to reorder them.

                    On Monday, Alex Kuznetsov wrote:
                    > Should we split Q4 into two milestones? The menus work is larger than we thought.
                    """, encoding: .quotedPrintable)))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 160, flags: [], from: "GitHub <notifications@github.example>", to: me,
                subject: "[slate] Fix window snapping on small screens (#42)",
                part: .text(
                    """
                    @alex requested your review on: slate#42 Fix window snapping on small screens.

                    Windows now snap to the nearest edge when less than 24 points away.

                    -- 
                    Reply to this email directly or view it on the web.
                    """, charset: "us-ascii", encoding: .sevenBit)))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 190, flags: [.seen],
                from: MIMEEncoder.address("Оргкомитет SwiftConf", "org@swiftconf.example"),
                to: meRu, subject: MIMEEncoder.encodedWord("Приглашение на конференцию SwiftConf"),
                part: .multipart(
                    "alternative",
                    [
                        .text(
                            """
                            Уважаемый Алексей!

                            Приглашаем вас выступить на конференции SwiftConf 14 ноября.
                            Тема доклада — на ваш выбор; продолжительность 30 минут.
                            """, encoding: .quotedPrintable),
                        .text(
                            """
                            <p>Уважаемый Алексей!</p><p>Приглашаем вас выступить на конференции <b>SwiftConf</b> 14 ноября.<br>
                            Тема доклада &mdash; на ваш выбор; продолжительность 30 минут.</p>
                            """, subtype: "html", encoding: .quotedPrintable),
                    ])))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 230, flags: [.seen], from: john, to: me,
                subject: "Invitation: Design review @ Thu 15:00",
                part: .multipart(
                    "mixed",
                    [
                        .text(
                            "You have been invited to: Design review\nWhen: Thursday 15:00–16:00\nWhere: Thames room"),
                        .file(
                            name: "invite.ics", mimeType: "text/calendar",
                            data: Array(
                                "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nSUMMARY:Design review\nEND:VEVENT\nEND:VCALENDAR\n"
                                    .utf8)),
                    ])))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 260, flags: [.seen], from: "Tom Becker <tom@example.net>", to: me,
                subject: "Notes from the workshop",
                part: .text(
                    """
                    The workshop went well. We covered layout, hit testing and the new \r
                    context menu API, and everyone got a demo running by lunch. \r

                    Slides will be online tomorrow.
                    """.replacingOccurrences(of: "\r", with: ""), parameters: "; format=flowed")))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 300, flags: [], from: "Parcel Express <noreply@parcel.example>", to: me,
                subject: "Your order has shipped",
                part: .text(
                    """
                    <html><body><table><tr><td>Order</td><td>#A-20931</td></tr><tr><td>Status</td><td>Shipped &#10003;</td></tr></table>
                    <p>Your parcel is on its way &amp; should arrive within 3&ndash;5 days.</p></body></html>
                    """, subtype: "html", charset: "us-ascii", encoding: .sevenBit)))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 340, flags: [.seen], from: "Slate Accounts <accounts@slate.example>", to: me,
                subject: "Password changed",
                part: .text(
                    "Your Slate password was changed. If this wasn't you, reset it at https://slate.example/reset.",
                    charset: "us-ascii", encoding: .sevenBit)))
        list.append(
            SampleMessage(
                folder: [], hoursAgo: 400, flags: [.seen, .passed], from: petr, to: meRu,
                subject: MIMEEncoder.encodedWord("Fwd: Новые правила пропуска"),
                part: .multipart(
                    "mixed",
                    [
                        .text("Алексей, пересылаю - посмотри, пожалуйста.", charset: "KOI8-R", encoding: .eightBit),
                        .message(
                            Array(
                                """
                                From: =?UTF-8?B?0J7RhdGA0LDQvdCw?= <security@example.ru>
                                To: all@example.ru
                                Subject: =?UTF-8?B?0J3QvtCy0YvQtSDQv9GA0LDQstC40LvQsCDQv9GA0L7Qv9GD0YHQutCw?=
                                Date: Mon, 2 Sep 2024 09:00:00 +0300
                                MIME-Version: 1.0
                                Content-Type: text/plain; charset=UTF-8
                                Content-Transfer-Encoding: 8bit

                                С понедельника вход в здание только по электронным пропускам.

                                """.utf8)),
                    ])))

        // MARK: Drafts
        list.append(
            SampleMessage(
                folder: ["Drafts"], hoursAgo: 2, flags: [.draft], from: meRu, to: anna,
                subject: MIMEEncoder.encodedWord("Re: Встреча завтра"),
                part: .text("Анна, спасибо! Распечатку возьму. Может, начнём в 10:30?")))
        list.append(
            SampleMessage(
                folder: ["Drafts"], hoursAgo: 40, flags: [.draft, .seen], from: me, to: john,
                subject: "Proposal outline",
                part: .text(
                    "Outline:\n- Goals\n- Milestones\n- Risks\n\nTODO: budget section", charset: "us-ascii",
                    encoding: .sevenBit)))

        // MARK: Sent
        list.append(
            SampleMessage(
                folder: ["Sent"], hoursAgo: 4, flags: [.seen], from: me, to: john,
                subject: "Re: Meeting tomorrow at 10:00",
                extraHeaders: ["In-Reply-To: <sample.1@slate.example>"],
                part: .text(
                    "Hi John,\n\nSure, I'll bring the budget figures.\n\nAlex", charset: "us-ascii", encoding: .sevenBit
                )))
        list.append(
            SampleMessage(
                folder: ["Sent"], hoursAgo: 25, flags: [.seen], from: meRu, to: petr,
                subject: MIMEEncoder.encodedWord("Re: Отчёт за квартал"),
                part: .text("Пётр, спасибо за отчёт! Посмотрю сегодня вечером.", encoding: .quotedPrintable)))
        list.append(
            SampleMessage(
                folder: ["Sent"], hoursAgo: 122, flags: [.seen], from: meRu, to: anna,
                subject: MIMEEncoder.encodedWord("Отпуск в июле"),
                part: .text("Анна, можно мне взять отпуск с 8 июля на две недели?", encoding: .base64)))
        list.append(
            SampleMessage(
                folder: ["Sent"], hoursAgo: 200, flags: [.seen], from: me,
                to: "Emily Watson <emily.watson@example.co.uk>",
                subject: "Slides for Thursday",
                part: .multipart(
                    "mixed",
                    [
                        .text(
                            "Emily, the slides are attached. Comments welcome!", charset: "us-ascii",
                            encoding: .sevenBit),
                        .file(name: "slate-overview.pdf", mimeType: "application/pdf", data: pdf("Slate overview")),
                    ])))

        // MARK: Archive
        list.append(
            SampleMessage(
                folder: ["Archive"], hoursAgo: 500, flags: [.seen],
                from: MIMEEncoder.address("Ирина Соколова", "irina@arenda.example", charset: "windows-1251"),
                to: meRu, subject: MIMEEncoder.encodedWord("Договор аренды", charset: "windows-1251"),
                part: .text(
                    "Алексей, договор подписан, второй экземпляр у вас в ящике.", charset: "windows-1251",
                    encoding: .eightBit)))
        list.append(
            SampleMessage(
                folder: ["Archive"], hoursAgo: 560, flags: [.seen, .flagged], from: "SkyWays <booking@skyways.example>",
                to: me,
                subject: MIMEEncoder.encodedWord("Flight confirmation LED → LHR"),
                part: .multipart(
                    "alternative",
                    [
                        .text(
                            "Booking ABC123\nSt Petersburg (LED) → London (LHR)\nDeparture 07:40",
                            encoding: .quotedPrintable),
                        .text(
                            "<p>Booking <b>ABC123</b><br>St Petersburg (LED) &rarr; London (LHR)<br>Departure 07:40</p>",
                            subtype: "html", encoding: .quotedPrintable),
                    ])))
        list.append(
            SampleMessage(
                folder: ["Archive"], hoursAgo: 600, flags: [.seen],
                from: MIMEEncoder.address("Провайдер \"Сеть\"", "billing@set.example", charset: "KOI8-R"),
                to: meRu, subject: MIMEEncoder.encodedWord("Счёт за интернет", charset: "KOI8-R"),
                part: .text("Сумма к оплате за октябрь: 650 руб.", charset: "KOI8-R", encoding: .quotedPrintable)))
        list.append(
            SampleMessage(
                folder: ["Archive"], hoursAgo: 650, flags: [.seen], from: "Slate Team <hello@slate.example>", to: me,
                subject: "Welcome to Slate",
                part: .text("Welcome aboard! Your workspace is ready.", charset: "us-ascii", encoding: .sevenBit)))

        // MARK: Trash
        list.append(
            SampleMessage(
                folder: ["Trash"], hoursAgo: 80, flags: [.seen, .trashed], from: "Prize Center <win@prize.example>",
                to: meRu,
                subject: MIMEEncoder.encodedWord("Выиграйте смартфон!!!"),
                part: .text(
                    "<p><b>Поздравляем!</b> Вы выиграли смартфон. <a href=\"http://prize.example\">Заберите приз</a></p>",
                    subtype: "html", encoding: .base64)))
        list.append(
            SampleMessage(
                folder: ["Trash"], hoursAgo: 180, flags: [.seen, .trashed], from: "Newsletter <news@example.com>",
                to: me,
                subject: "You have been unsubscribed",
                part: .text("You will no longer receive our newsletter.", charset: "us-ascii", encoding: .sevenBit)))
        list.append(
            SampleMessage(
                folder: ["Trash"], hoursAgo: 450, flags: [.trashed], from: "Old Digest <digest@example.com>", to: me,
                subject: "Digest #17",
                part: .text("Nothing new this week.", charset: "ISO-8859-1", encoding: .eightBit)))

        // MARK: Work / Projects
        list.append(
            SampleMessage(
                folder: ["Work"], hoursAgo: 100, flags: [.seen], from: john, to: me,
                subject: "Team lunch on Friday",
                part: .text(
                    "Team lunch this Friday at 13:00. The usual place.", charset: "us-ascii", encoding: .sevenBit)))
        list.append(
            SampleMessage(
                folder: ["Work", "Projects"], hoursAgo: 20, flags: [], from: anna, to: meRu,
                subject: MIMEEncoder.encodedWord("Проект «Слейт»: статус"),
                part: .text(
                    """
                    Коллеги, коротко о статусе:
                    • оконный менеджер — готов;
                    • контекстные меню — в работе;
                    • почтовый клиент — начинаем на следующей неделе.
                    """, encoding: .quotedPrintable)))
        list.append(
            SampleMessage(
                folder: ["Work", "Projects"], hoursAgo: 150, flags: [.seen],
                from: "Priya Natarajan <priya@example.org>", to: me,
                subject: "Sprint 14 retrospective",
                part: .text(
                    "Went well: snapping, menus.\nTo improve: fewer meetings.\nActions: Alex to write the Mail demo plan.",
                    charset: "us-ascii", encoding: .sevenBit)))
        list.append(
            SampleMessage(
                folder: ["Work", "Projects"], hoursAgo: 210, flags: [.seen, .flagged], from: petr, to: meRu,
                subject: MIMEEncoder.encodedWord("Макеты интерфейса"),
                part: .multipart(
                    "mixed",
                    [
                        .text("Макеты во вложении. Жду замечаний до пятницы.", encoding: .eightBit),
                        .file(name: "макет-почта.png", mimeType: "image/png", data: tinyPNG),
                    ])))
        return list
    }

    // MARK: - Benchmark

    private static let benchmarkSenders: [(String, String)] = [
        ("Анна Смирнова", "anna@example.ru"), ("John Carter", "john@example.com"), ("Пётр Иванов", "petr@example.ru"),
        ("Emily Watson", "emily@example.co.uk"), ("Jürgen Müller", "juergen@example.de"),
        ("Priya Natarajan", "priya@example.org"),
        ("Ирина Соколова", "irina@example.ru"), ("Tom Becker", "tom@example.net"),
        ("GitHub", "notifications@github.example"),
        ("Slate Weekly", "digest@slate.example"),
    ]
    private static let benchmarkSubjects = [
        "Встреча по проекту", "Quarterly report", "Отчёт о продажах", "Lunch on Friday?", "Счёт на оплату",
        "Build failed on main", "Новые макеты", "Re: Holiday plans", "Приглашение", "Weekly digest",
    ]
    private static let benchmarkBodies = [
        "Добрый день! Посмотрите, пожалуйста, документы до конца недели. Если будут вопросы, пишите.",
        "Hi, just checking in on the status of the release. Let me know if anything is blocking you.",
        "Коллеги, напоминаю о сроках: черновик нужен к среде, финальная версия к пятнице.",
        "The build on main failed in the layout tests. The log is attached to the CI run.",
    ]

    /// Message `index` of a benchmark Maildir: varied senders, subjects, encodings and flags.
    static func benchmarkMessage(_ index: Int) -> SampleMessage {
        let sender = benchmarkSenders[index % benchmarkSenders.count]
        let subject = benchmarkSubjects[(index / 3) % benchmarkSubjects.count] + " #\(index)"
        let body = benchmarkBodies[index % benchmarkBodies.count] + "\n\n" + sender.0
        let part: SamplePart
        switch index % 5 {
        case 0: part = .text(body)
        case 1: part = .text(body, encoding: .quotedPrintable)
        case 2: part = .text(body, encoding: .base64)
        case 3: part = .text(body, charset: "KOI8-R")
        default:
            part = .multipart(
                "alternative",
                [
                    .text(body, encoding: .quotedPrintable),
                    .text(
                        "<p>\(body.replacingOccurrences(of: "\n", with: "<br>"))</p>", subtype: "html",
                        encoding: .quotedPrintable),
                ])
        }
        var flags: MessageFlags = index % 3 == 0 ? [] : [.seen]
        if index % 17 == 0 { flags.insert(.flagged) }
        if index % 11 == 0 && !flags.isEmpty { flags.insert(.replied) }
        let charset = index % 5 == 3 ? "KOI8-R" : "UTF-8"
        return SampleMessage(
            folder: [], hoursAgo: Double(index % 8760) + Double(index % 60) / 60, flags: flags,
            from: MIMEEncoder.address(sender.0, sender.1, charset: charset), to: me,
            subject: MIMEEncoder.encodedWord(subject, charset: charset), part: part)
    }
}
