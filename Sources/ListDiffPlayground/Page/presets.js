// The diff mode's presets: the README's examples and the cases people ask about.
export const presets = [
  {
    name: "README: three letters",
    old: ["a", "b", "c"],
    new: ["c", "a", "d"],
  },
  {
    name: "Chat list: pins, a new message, archive",
    old: {
      sections: [
        { id: "pinned", items: [{ id: "mum", content: { last: "See you Sunday" } }] },
        {
          id: "chats",
          items: [
            { id: "team", content: { last: "Standup moved to 10", unread: 0 } },
            { id: "alex", content: { last: "ok!", unread: 0 } },
            { id: "sam", content: { last: "Photos attached", unread: 2 } },
            { id: "jo", content: { last: "Thanks", unread: 0 } },
            { id: "newsletter", content: { last: "This week…", unread: 1 } },
          ],
        },
        { id: "archive", items: [{ id: "landlord", content: { last: "Keys returned" } }] },
      ],
    },
    new: {
      sections: [
        { id: "pinned", items: [{ id: "mum", content: { last: "See you Sunday" } }, { id: "sam", content: { last: "Photos attached", unread: 2 } }] },
        {
          id: "chats",
          items: [
            { id: "jo", content: { last: "Dinner on Friday?", unread: 1 } },
            { id: "team", content: { last: "Standup moved to 10", unread: 0 } },
            { id: "alex", content: { last: "ok!", unread: 0 } },
            { id: "kim", content: { last: "Hi! New number", unread: 1 } },
          ],
        },
        { id: "archive", items: [{ id: "newsletter", content: { last: "This week…", unread: 1 } }, { id: "landlord", content: { last: "Keys returned" } }] },
      ],
    },
  },
  {
    name: "Shuffle of twelve",
    old: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"],
    new: ["7", "2", "11", "4", "1", "9", "3", "12", "5", "10", "8", "6"],
  },
  {
    name: "Two stages: a moved section whose items change",
    old: { sections: [{ id: "A", items: ["a", "b"] }, { id: "B", items: ["c"] }] },
    new: { sections: [{ id: "B", items: ["c", "a"] }, { id: "A", items: ["b", "z"] }] },
  },
  {
    name: "Cell kinds: a kind change is a reload",
    old: [{ id: "post-1", kind: "text", content: { text: "Hello" } }, { id: "post-2", kind: "photo", content: { url: "cat.jpg" } }, "spacer"],
    new: [{ id: "post-1", kind: "photo", content: { url: "hello.jpg" } }, { id: "post-2", kind: "photo", content: { url: "dog.jpg" } }, "spacer"],
  },
  {
    name: "Outline: expand, collapse, a subtree moved",
    old: {
      sections: [{
        id: "files", outline: true,
        items: [
          { id: "docs", expanded: true, children: ["notes.md", "plan.md"] },
          { id: "photos", children: ["cat.jpg", "dog.jpg"] },
          { id: "music", expanded: true, children: [{ id: "live", expanded: true, children: ["set1.mp3", "set2.mp3"] }, "song.mp3"] },
        ],
      }],
    },
    new: {
      sections: [{
        id: "files", outline: true,
        items: [
          { id: "docs", children: ["notes.md", "plan.md"] },
          { id: "photos", expanded: true, children: ["cat.jpg", "dog.jpg", { id: "live", expanded: true, children: ["set1.mp3", "set2.mp3"] }] },
          { id: "music", expanded: true, children: ["song.mp3"] },
        ],
      }],
    },
  },
  {
    name: "Reloads and reconfigures",
    old: [{ id: "x", content: 1 }, { id: "y", content: 1 }, "z"],
    new: { items: [{ id: "x", content: 2 }, { id: "y", content: 1 }, "z"], reloaded: ["y"] },
  },
];
